"""``kore api`` (HTTP API and memory browser) and ``kore keys`` (its API keys)."""

from __future__ import annotations

from typing import Annotated

import typer

from kore_pipeline.cli.common import Home, print_json, settings_for
from kore_pipeline.cli.display import visible

keys_app = typer.Typer(help="API keys of `kore api`: each maps to owners (or all, --admin).",
                       no_args_is_help=True)


def register(app: typer.Typer) -> None:
    """Add ``kore api`` and ``kore keys`` to ``app``."""

    @app.command("api")
    def api(home: Home = None,
            host: Annotated[str, typer.Option(help="Interface to listen on.")] = "127.0.0.1",
            port: Annotated[int, typer.Option(min=1, max=65535, help="TCP port.")] = 8765,
            no_warm: Annotated[bool, typer.Option(
                "--no-warm", help="Do not fill the search caches before listening.")] = False,
            ) -> None:
        """Serve the HTTP API (OpenAPI at /docs) and the memory browser (/ui) until stopped.

        Every request needs an API key: create one with `kore keys add --owner O`.
        """
        from kore_pipeline.serve.http.app import serve_api

        settings = settings_for(home)
        typer.echo(f"kore api on http://{host}:{port} (docs: /docs, browser: /ui)", err=True)
        serve_api(settings, host=host, port=port, warm=not no_warm)

    app.add_typer(keys_app, name="keys")


def _conn(home: Home):
    from kore_pipeline.store.db import connect

    return connect(settings_for(home).db_path())


@keys_app.command("add")
def keys_add(owner: Annotated[list[str] | None, typer.Option(
                 "--owner", help="Owner the key may act on (repeat for several).")] = None,
             admin: Annotated[bool, typer.Option(
                 "--admin", help="The key sees and changes every owner.")] = False,
             label: Annotated[str | None, typer.Option(help="A note: who holds it.")] = None,
             home: Home = None) -> None:
    """Create a key and print it (the only time it is shown; the store keeps its hash)."""
    from kore_pipeline.serve.api_keys import create_key
    from kore_pipeline.serve.memory_api import MemoryApiError

    conn = _conn(home)
    try:
        created = create_key(conn, owner or [], admin=admin, label=label)
    except MemoryApiError as exc:
        raise typer.BadParameter(str(exc)) from exc
    finally:
        conn.close()
    scope = "every owner" if admin else ", ".join(created["owners"])
    typer.echo(f"key {created['id']} for {scope} (shown once, keep it):", err=True)
    typer.echo(created["key"])


@keys_app.command("list")
def keys_list(home: Home = None,
              as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False) -> None:
    """Every key: id, prefix, owners, admin, label, created and revoked times."""
    from kore_pipeline.serve.api_keys import list_keys

    conn = _conn(home)
    try:
        keys = list_keys(conn)
    finally:
        conn.close()
    if as_json:
        print_json(keys)
        return
    for k in keys:
        scope = "ADMIN" if k["admin"] else ",".join(k["owners"])
        state = f"revoked {k['revoked_at']}" if k["revoked_at"] else "active"
        typer.echo("\t".join(visible(str(c)) for c in (
            k["id"], f"{k['prefix']}…", scope, state, k["label"] or "")))


@keys_app.command("revoke")
def keys_revoke(key_id: Annotated[int, typer.Argument(help="Id from `kore keys list`.")],
                home: Home = None) -> None:
    """Revoke a key: every request with it gets 401 from then on."""
    from kore_pipeline.serve.api_keys import revoke_key

    conn = _conn(home)
    try:
        ok = revoke_key(conn, key_id)
    finally:
        conn.close()
    if not ok:
        typer.echo(f"no active key with id {key_id}", err=True)
        raise typer.Exit(1)
    typer.echo(f"revoked key {key_id}")

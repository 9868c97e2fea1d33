"""The package's layering, checked on the source (ast): parts import only downward.

Layers, lowest first (docs/architecture.md explains them):

0. base modules: ``settings``, ``timeutil``, ``ids``, ``faults``, ``files``, ``text``, ``rules``
   (the grammars of facts: data, read by extraction and the slots)
1. ``store`` (the SQLite store and the memory lifecycle, the only writer of statuses)
2. the stages: ``ingest``, ``extract``, ``embed``, ``index``
3. ``lifecycle`` (decay, compress, summarize, erase, export/import) and ``lake`` (the
   analysts' copy): one layer, since the lake report draws decay curves with
   ``lifecycle.decay`` and erasing an owner scrubs and republishes the lake
4. ``serve``
5. ``run`` (pipelines, partitions, watch)
6. ``cli``

A module may import its own layer or a lower one. Only the CLI imports ``flows`` (the
Prefect flows, above it all), and no module imports another module's private (``_name``)
names. ``evals`` (the evaluation harness and its case lists, a top-level folder of the
checkout, not in the wheel) sits above the package like ``flows``: it may import any part,
and no module of the package imports it (``kore eval`` finds it at run time, by name).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "kore_pipeline"

LAYERS: dict[str, int] = {
    "__init__": 0, "settings": 0, "timeutil": 0, "ids": 0, "faults": 0, "files": 0, "text": 0,
    "rules": 0,  # the grammars of facts: data, read by extraction and the slots
    "store": 1,
    "ingest": 2, "extract": 2, "embed": 2, "index": 2,
    "lifecycle": 3, "lake": 3,
    "serve": 4, "memory": 4,  # memory.py: the Python API, a facade over serving
    "run": 5,
    "cli": 6,
}
EVALS = ROOT / "evals"
TOPS = ("kore_pipeline", "flows", "evals")
"""The checkout's packages whose private names stay private."""


def _module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _sources(*folders: Path) -> list[Path]:
    return sorted(p for folder in folders for p in folder.rglob("*.py"))


def _part(module: str) -> str | None:
    """The part (top-level subpackage or base module) of a ``kore_pipeline`` module."""
    bits = module.split(".")
    if bits[0] != "kore_pipeline":
        return None
    return bits[1] if len(bits) > 1 else "__init__"


def _imports(path: Path) -> Iterator[tuple[int, str, list[str]]]:
    """(line, absolute module, imported names) of every import in a file, lazy ones too."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    here = _module_name(path).split(".")
    package = here if path.name == "__init__.py" else here[:-1]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name, []
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            yield node.lineno, module, [a.name for a in node.names]


def _is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def test_every_part_has_a_layer() -> None:
    parts = {p.stem if p.is_file() else p.name for p in PACKAGE.iterdir()
             if (p.is_file() and p.suffix == ".py") or (p / "__init__.py").is_file()}
    assert parts - {"__main__"} <= set(LAYERS), sorted(parts - set(LAYERS))


def test_parts_import_only_downward() -> None:
    wrong = []
    for path in _sources(PACKAGE):
        source = _part(_module_name(path))
        assert source is not None
        for line, module, names in _imports(path):
            targets = [module, *(f"{module}.{n}" for n in names)] if module == "kore_pipeline" \
                else [module]
            for target in targets:
                part = _part(target)
                if path == PACKAGE / "__init__.py" and target == "kore_pipeline.memory":
                    continue  # the package re-exports its Python API lazily (PEP 562)
                if part is not None and part in LAYERS and LAYERS[part] > LAYERS[source]:
                    wrong.append(f"{path.relative_to(ROOT)}:{line} ({source}) imports {target}")
    assert wrong == []


@pytest.mark.parametrize("forbidden", ["flows", "kore_pipeline.cli", "kore_pipeline.run"])
def test_lower_parts_never_import_the_top(forbidden: str) -> None:
    """Serving never imports the runner; no stage imports the CLI or the Prefect flows."""
    assert LAYERS["serve"] < LAYERS["run"] < LAYERS["cli"]
    allowed = {"flows": {"cli"}, "kore_pipeline.cli": {"cli"},
               "kore_pipeline.run": {"run", "cli"}}[forbidden]
    wrong = [f"{path.relative_to(ROOT)}:{line} imports {module}"
             for path in _sources(PACKAGE) if _part(_module_name(path)) not in allowed
             for line, module, _ in _imports(path)
             if module == forbidden or module.startswith(forbidden + ".")]
    assert wrong == []


def _private_uses(path: Path) -> Iterator[str]:
    here = _module_name(path)
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    modules: set[str] = set()  # local names bound to kore_pipeline / flows / evals modules
    for line, module, names in _imports(path):
        if module.split(".")[0] not in TOPS or module == here:
            continue
        yield from (f"{path.relative_to(ROOT)}:{line} imports {module}.{n}"
                    for n in names if _is_private(n))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in TOPS:
            modules.update(a.asname or a.name for a in node.names if a.name.islower())
        elif isinstance(node, ast.Import):
            modules.update(a.asname for a in node.names
                           if a.asname and a.name.split(".")[0] in TOPS)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _is_private(node.attr) and \
                isinstance(node.value, ast.Name) and node.value.id in modules:
            yield f"{path.relative_to(ROOT)}:{node.lineno} uses {node.value.id}.{node.attr}"


def test_no_module_uses_another_modules_private_names() -> None:
    wrong = [use for path in _sources(PACKAGE, ROOT / "flows", EVALS)
             for use in _private_uses(path)]
    assert wrong == []


def test_the_package_never_imports_the_evaluation_harness() -> None:
    """``evals`` is not in the wheel: no module of the package names it in an import (the
    CLI imports it through ``importlib`` once it has found a checkout's folder)."""
    wrong = [f"{path.relative_to(ROOT)}:{line} imports {module}"
             for path in _sources(PACKAGE) for line, module, _ in _imports(path)
             if module == "evals" or module.startswith("evals.")]
    assert wrong == []
    assert (EVALS / "runner.py").is_file() and not (PACKAGE / "evaluation").exists()


def test_the_wheel_ships_only_the_package() -> None:
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert config["tool"]["hatch"]["build"]["targets"]["wheel"]["packages"] == ["kore_pipeline"]
    assert "evals" in config["tool"]["mypy"]["files"]


def test_the_checker_sees_a_crossing(tmp_path: Path) -> None:
    """The checks above can fail: a planted upward import and private use are reported."""
    bad = PACKAGE / "store" / "_architecture_probe.py"
    bad.write_text("from kore_pipeline.serve.search import _folded\n"
                   "from kore_pipeline.lake import publish\n"
                   "x = publish._rows\n", encoding="utf-8")
    try:
        uses = list(_private_uses(bad))
        upward = [m for _, m, _ in _imports(bad) if LAYERS[_part(m) or "__init__"] > 1]
    finally:
        bad.unlink()
    assert len(uses) == 2 and upward == ["kore_pipeline.serve.search", "kore_pipeline.lake"]

"""The browser's templates: inside the package (so the wheel, which ships the package folder,
carries them), each compiles, every value is escaped, an unknown variable is an error."""

from __future__ import annotations

import tomllib
from pathlib import Path

import jinja2
import pytest

import kore_pipeline
from kore_pipeline.serve.http import pages

ROOT = Path(__file__).resolve().parents[2]


def test_the_templates_ship_inside_the_package() -> None:
    package = Path(kore_pipeline.__file__).resolve().parent
    assert pages.TEMPLATES.is_relative_to(package)
    names = pages.environment().list_templates()
    assert {"base.html", "memories.html", "memory.html", "playground.html", "engine.html",
            "login.html", "message.html"} <= set(names)
    for name in names:
        pages.environment().get_template(name)  # compiles
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    assert project["tool"]["hatch"]["build"]["targets"]["wheel"]["packages"] == ["kore_pipeline"]
    assert any(d.startswith("jinja2") for d in project["project"]["dependencies"])


def test_values_are_escaped_and_unknown_names_are_errors() -> None:
    html = pages.render("message.html", title="<b>t</b>", message="<script>x()</script>",
                        error=True, owner="a&b", csrf="tok'en")
    assert "<script>x()" not in html and "&lt;script&gt;x()&lt;/script&gt;" in html
    assert "<b>t</b>" not in html and "?owner=a%26b" in html
    assert "value='tok&#39;en'" in html
    with pytest.raises(jinja2.UndefinedError):
        pages.render("message.html", title="t")  # no message given

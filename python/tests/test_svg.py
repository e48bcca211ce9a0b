"""Answers draw themselves: an SVG for a plan (animated), a cross plan and a hexagon, shown
by Jupyter through `_repr_svg_`; nothing to draw gives None."""

import xml.etree.ElementTree as ET

import puzzlec

from conftest import SEED, cli


def parsed(svg):
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    return root


def ids(root):
    return {e.get("id") for e in root.iter() if e.get("id")}


def test_a_plan_is_drawn_animated_and_as_the_cli_draws_it(tmp_path):
    a = puzzlec.solve(puzzle="slide", board=SEED)
    svg = a._repr_svg_()
    frames = ids(parsed(svg))
    assert {f"move-{k}" for k in range(0, a.length + 1)} <= frames, frames
    path = tmp_path / "cli.svg"
    cli("solve", "slide", "--board", SEED, "--svg", str(path), "-q")
    assert path.read_text() == svg
    a.save_svg(tmp_path / "py.svg")
    assert (tmp_path / "py.svg").read_text() == svg


def test_a_cross_plan_and_a_hexagon_are_drawn():
    cross = puzzlec.solve(puzzle="cross", size="3x3")
    assert {f"move-{k}" for k in range(0, cross.length + 1)} <= ids(parsed(cross.svg()))
    hexagon = puzzlec.solve(puzzle="hex")
    cells = [t.text for t in parsed(hexagon.svg()).iter() if t.tag.endswith("text") and t.get("font-weight") == "bold"]
    assert sorted(int(t) for t in cells) == list(range(1, 20))


def test_nothing_to_draw_is_none():
    none = puzzlec.solve(puzzle="slide", board="2 1 3 / 4 5 6 / 7 8 _")
    assert none.svg() is None and none._repr_svg_() is None

"""Card art and renderer: sizes, distinct faces, states, cache, SVG subset, reproducibility."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import itertools  # noqa: E402
import xml.etree.ElementTree as ET  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from art import build  # noqa: E402
from art.svg import LAYERS, PALETTE  # noqa: E402
from game.engine.cards import CARD_IDS  # noqa: E402
from game.ui import card_sheet  # noqa: E402
from game.ui import cards as ui  # noqa: E402

WIDTHS = (40, 120, 300)
SVG_NS = "{http://www.w3.org/2000/svg}"
ALLOWED_TAGS = {"svg", "g", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon"}
ALLOWED_ATTRS = {"xmlns", "viewBox", "width", "height", "id", "d", "x", "y", "cx", "cy", "r",
                 "rx", "ry", "points", "x1", "y1", "x2", "y2", "fill", "stroke", "stroke-width",
                 "stroke-linecap", "stroke-linejoin", "fill-rule", "transform"}


@pytest.fixture(scope="module")
def renderer() -> ui.CardRenderer:
    pygame.init()
    return ui.CardRenderer()


@pytest.fixture(scope="module")
def faces(renderer: ui.CardRenderer) -> dict[int, list[pygame.Surface]]:
    return {w: [renderer.face(cid, w) for cid in CARD_IDS] for w in WIDTHS}


def mean_abs_diff(a: pygame.Surface, b: pygame.Surface) -> float:
    """Mean |a - b| over RGB, 0..255, computed in C with saturating subtract blits."""
    d1 = a.copy()
    d1.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    d2 = b.copy()
    d2.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    d1.blit(d2, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    r, g, bl, _ = pygame.transform.average_color(d1, consider_alpha=False)
    return (r + g + bl) / 3


def test_size_follows_aspect() -> None:
    for w in range(40, 401):
        h = ui.card_height(w)
        assert h == round(w * 53 / 32)
        assert ui.width_for_height(h) >= w - 1 and ui.card_height(ui.width_for_height(h)) <= h
    assert ui.card_size(40) == (40, 66) and ui.card_size(200) == (200, 331)
    assert ui.frame_width(40) == 1 and ui.frame_width(200) == 7
    assert ui.corner_radius(200) == 14


@pytest.mark.parametrize("width", WIDTHS)
def test_faces_render_at_size_and_are_pairwise_different(
        faces: dict[int, list[pygame.Surface]], width: int) -> None:
    surfaces = faces[width]
    assert all(s.get_size() == ui.card_size(width) for s in surfaces)
    blobs = [pygame.image.tobytes(s, "RGBA") for s in surfaces]
    assert len(set(blobs)) == 48
    if width <= 120:  # CARDS.md §14.5: clearly different, not just a few pixels
        worst = min((mean_abs_diff(a, b), CARD_IDS[i], CARD_IDS[j])
                    for (i, a), (j, b) in itertools.combinations(enumerate(surfaces), 2))
        assert worst[0] > 0.02 * 255, worst


def test_states_differ_from_plain(renderer: ui.CardRenderer) -> None:
    w = 120
    m = ui.state_margin(w)
    size = (ui.card_size(w)[0] + 2 * m, ui.card_size(w)[1] + 2 * m)

    def shot(card: str | None, state: ui.CardState) -> bytes:
        canvas = pygame.Surface(size)
        canvas.fill((31, 69, 54))
        renderer.draw(canvas, card, (m, m), w, state)
        return pygame.image.tobytes(canvas, "RGB")

    plain = shot("crane", ui.CardState.NORMAL)
    assert shot(None, ui.CardState.NORMAL) != plain  # face down
    seen = {plain}
    for state in ui.CardState:
        if state is not ui.CardState.NORMAL:
            image = shot("crane", state)
            assert image not in seen, state
            seen.add(image)
    marked = ui.CardRenderer(marks=True).face("crane", w)
    assert pygame.image.tobytes(marked, "RGBA") != pygame.image.tobytes(
        renderer.face("crane", w), "RGBA")


def test_black_back_differs(renderer: ui.CardRenderer) -> None:
    black = ui.CardRenderer("black")
    assert (pygame.image.tobytes(black.back(80), "RGBA")
            != pygame.image.tobytes(renderer.back(80), "RGBA"))


def test_cache_returns_same_object(renderer: ui.CardRenderer) -> None:
    first = renderer.face("moon", 64)
    assert renderer.face("moon", 64) is first
    assert renderer.back(64) is renderer.back(64)
    renderer.drop_sizes({120})
    assert renderer.face("moon", 64) is not first


def test_warm_renders_a_few_per_call() -> None:
    r = ui.CardRenderer()
    calls = 0
    while not r.warm(48, limit=10):
        calls += 1
    assert calls == 4  # 49 images, 10 per call


def test_fine_layer_is_cut_for_small_cards() -> None:
    svg = ui.svg_text("pine_chaff_1")
    cut = ui.strip_fine(svg)
    assert '<g id="fine"></g>' in cut and len(cut) < len(svg)


def test_mark_kinds() -> None:
    kinds = [ui.mark_kind(c) for c in CARD_IDS]
    assert kinds.count("poetry") == 3 and kinds.count("blue") == 3
    assert kinds.count("plain") == 4 and kinds.count("bright") == 5
    assert kinds.count("animal") == 9 and kinds.count("chaff") == 24


def test_art_files_match_card_ids() -> None:
    names = {p.name for p in ui.art_dir().glob("*.svg")}
    assert names == {f"{c}.svg" for c in CARD_IDS} | {"back.svg"}


def test_svgs_use_only_the_nanosvg_subset_and_palette() -> None:
    colours = set(PALETTE.values()) | {"none"}
    for path in sorted(ui.art_dir().glob("*.svg")):
        root = ET.parse(path).getroot()
        assert root.get("viewBox") == "0 0 320 530", path.name
        groups = [g.get("id") for g in root if g.tag == SVG_NS + "g"]
        assert groups == list(LAYERS), path.name
        fine = root[-1]
        assert not any(child.tag == SVG_NS + "g" for child in fine), path.name
        for el in root.iter():
            assert el.tag.removeprefix(SVG_NS) in ALLOWED_TAGS, (path.name, el.tag)
            assert set(el.attrib) <= ALLOWED_ATTRS, (path.name, el.attrib)
            for attr in ("fill", "stroke"):
                if attr in el.attrib:
                    assert el.get(attr) in colours, (path.name, el.get(attr))


def test_build_is_byte_identical(tmp_path) -> None:
    build.write(tmp_path)
    for path in sorted(ui.art_dir().glob("*.svg")):
        assert (tmp_path / path.name).read_bytes() == path.read_bytes(), path.name


def test_sheet_command_writes_png(tmp_path) -> None:
    out = tmp_path / "sheet.png"
    assert card_sheet.main(["--sheet", str(out), "--marks"]) == 0
    assert out.stat().st_size > 10_000
    assert pygame.image.load(str(out)).get_width() > 1000


@pytest.mark.parametrize("module", ["game.ui.card_sheet", "game.ui.cards"])
def test_the_sheet_command_runs_under_both_names(tmp_path, module) -> None:
    """The sheet lives in game.ui.card_sheet, apart from the renderer; the README's older
    `python -m game.ui.cards --sheet` still writes it (issue 25, item 4)."""
    import subprocess
    import sys

    out = tmp_path / "sheet.png"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    run = subprocess.run([sys.executable, "-m", module, "--sheet", str(out), "--width", "40"],
                         capture_output=True, text=True, env=env, timeout=300)
    assert run.returncode == 0, run.stderr
    assert "wrote" in run.stdout and pygame.image.load(str(out)).get_width() > 1000


def test_the_renderer_carries_no_sheet_code() -> None:
    assert not hasattr(ui, "build_sheet") and not hasattr(ui, "main")
    assert not hasattr(ui, "State")  # the card's look is CardState (the engine has State)

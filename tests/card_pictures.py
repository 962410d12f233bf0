"""The visual check of the print-and-play cards: the first page of fronts of each game in each
language, as headless Chromium draws the cards' HTML, against a committed PNG.

    python tests/card_pictures.py          # refresh every reference after an intended change
    python tests/card_pictures.py duel-fr  # or only some (<game>-<lang>)

`tests/test_card_pictures.py` renders the same pages and compares them with `difference`.
Two drawings of one layout differ only in the grey levels and places of glyph edges
(anti-aliasing, hinting and sub-pixel glyph positioning vary with the Chromium build and its
settings); a card that moves, grows or loses a line changes whole runs of pixels. So both
pictures are first reduced to a quarter of their size (each pixel the mean of 4 x 4, which
evens out edge shading), a pixel counts as changed when one of its channels moves by more
than PIXEL_STEP of 255, and a page fails when more than CHANGED_SHARE of its pixels changed.
docs/designer-guide.md (section 5, "The cards' pictures") gives the measurements behind
these numbers.
"""
from __future__ import annotations

import io
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PICTURES = Path(__file__).resolve().parent / "card_pictures"
GAMES = ("agora", "classic", "duel")
REDUCTION = 4  # each side; an A4 page at 96 pixels per inch becomes 198 x 280
PIXEL_STEP = 64  # of 255, per channel, once reduced: more than glyph edges move
CHANGED_SHARE = 0.0005  # of the page's pixels: one card moved by 0.5 mm changes 4 to 6 times more
WINDOW = (900, 1300)  # CSS pixels: an A4 page (794 x 1123 at 96 per inch) fits whole
COLOURS = 64  # the references are stored with a palette: a fifth of the size, same check


def page_names() -> list[str]:
    from wondersmith.render.i18n import LANGUAGES

    return [f"{game}-{lang}" for game in GAMES for lang in LANGUAGES]


def reference(name: str) -> Path:
    return PICTURES / f"{name}.png"


def write_page(name: str, folder: Path, edit=None) -> Path:
    """The cards' HTML of `name` (<game>-<lang>), fonts linked from the package; `edit`
    changes the HTML first (a test moving a card)."""
    from wondersmith.ir.loader import load_game
    from wondersmith.render import cards
    from wondersmith.render.sheets import FONTS_DIR
    from wondersmith.validate.locales import load_names

    game_id, lang = name.split("-")
    data = ROOT / "cards" / game_id
    loaded = load_game(data)
    assert loaded.ok, loaded.diagnostics
    html = cards.render_html(loaded.game, lang, load_names(data, lang), "a4", True,
                             FONTS_DIR.resolve().as_uri() + "/", folder=data)
    if edit is not None:
        html = edit(html)
    path = folder / f"{name}.html"
    path.write_text(html, encoding="utf-8")
    return path


def start(profile: Path):
    """A headless Chromium whose window holds a whole A4 page."""
    from browser import start_browser

    driver = start_browser(profile)
    driver.set_window_size(*WINDOW)
    return driver


def first_page(driver, page: Path) -> bytes:
    """A PNG of the first page of fronts, once its fonts have loaded."""
    driver.get(page.as_uri())
    driver.execute_async_script("document.fonts.ready.then(arguments[arguments.length - 1]);")
    return driver.find_element("css selector", "section.page.front").screenshot_as_png


def difference(picture: bytes, expected: bytes) -> float | None:
    """The share of pixels that changed (see the module's docstring); None when the
    pictures are not of one size (the page itself changed size)."""
    from PIL import Image, ImageChops

    a = Image.open(io.BytesIO(picture)).convert("RGB")
    b = Image.open(io.BytesIO(expected)).convert("RGB")
    if a.size != b.size:
        return None
    a, b = a.reduce(REDUCTION), b.reduce(REDUCTION)
    channels = ImageChops.difference(a, b).split()
    most = ImageChops.lighter(ImageChops.lighter(channels[0], channels[1]), channels[2])
    changed = most.point(lambda v: 255 if v > PIXEL_STEP else 0).histogram()[255]
    return changed / (a.size[0] * a.size[1])


def stored(picture: bytes) -> bytes:
    """The PNG as committed: a palette of COLOURS, compressed as far as Pillow goes."""
    from PIL import Image

    image = Image.open(io.BytesIO(picture)).convert("RGB")
    out = io.BytesIO()
    image.quantize(COLOURS, dither=Image.Dither.NONE).save(out, "PNG", optimize=True)
    return out.getvalue()


def refresh(names: list[str]) -> None:
    from wondersmith import atomic

    with tempfile.TemporaryDirectory() as temp:
        driver = start(Path(temp) / "profile")
        try:
            for name in names:
                atomic.write_bytes(reference(name), stored(first_page(
                    driver, write_page(name, Path(temp)))))
                print(f"written: {reference(name).relative_to(ROOT)}")
        finally:
            driver.quit()


def main(argv: list[str]) -> int:
    from browser import find_chromium

    unknown = [name for name in argv if name not in page_names()]
    if unknown:
        print(f"card_pictures: unknown page {unknown[0]!r} (choose from "
              f"{', '.join(page_names())})", file=sys.stderr)
        return 2
    found = find_chromium()
    if isinstance(found, str):
        print(f"card_pictures: {found}", file=sys.stderr)
        return 2
    refresh(argv or page_names())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

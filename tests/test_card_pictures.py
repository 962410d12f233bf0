"""The visual check of the print-and-play cards in headless Chromium: the first page of fronts
of each game in each language against its committed PNG, with the tolerance card_pictures.py
explains. After an intended change of the layout: `python tests/card_pictures.py`, then look
at the new pictures before committing them.

Skipped where no Chromium is installed, failed instead on CI (`.ci/install-browser`).
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from browser import require_chromium
from card_pictures import (CHANGED_SHARE, difference, first_page, page_names, reference, start,
                           stored, write_page)

REFRESH = "after an intended change: python tests/card_pictures.py, and look at the pictures"


@pytest.fixture(scope="module")
def driver(tmp_path_factory: pytest.TempPathFactory):
    require_chromium()
    driver = start(tmp_path_factory.mktemp("chromium-profile"))
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("card-pages")


@pytest.mark.parametrize("name", page_names())
def test_the_first_page_of_cards_looks_as_committed(driver, pages: Path, name: str) -> None:
    expected = reference(name)
    assert expected.is_file(), f"no reference picture {expected.name}: {REFRESH}"
    share = difference(first_page(driver, write_page(name, pages)), expected.read_bytes())
    assert share is not None, f"{name}: the page changed size; {REFRESH}"
    assert share <= CHANGED_SHARE, \
        f"{name}: {share:.2%} of the pixels changed (at most {CHANGED_SHARE:.2%}); {REFRESH}"


def _move_first_card(html: str, mm: float) -> str:
    """The first card of the first page `mm` millimetres to the right."""
    match = re.search(r'<div class="bleed [^"]*" style="left: ([0-9.]+)mm;', html)
    assert match, "no card on the first page"
    left = float(match.group(1))
    return html[:match.start(1)] + f"{left + mm:.3f}" + html[match.end(1):]


@pytest.mark.parametrize("mm", [0.5, -1.0])
def test_a_card_that_moves_fails_the_check(driver, pages: Path, mm: float) -> None:
    """Half a millimetre of one card out of nine is caught, with room to spare; and the
    same page drawn again passes."""
    name = "duel-en"
    expected = reference(name).read_bytes()
    again = first_page(driver, write_page(name, pages))
    assert difference(again, expected) <= CHANGED_SHARE
    folder = pages / f"moved-{mm}"
    folder.mkdir()
    moved = first_page(driver, write_page(name, folder, lambda h: _move_first_card(h, mm)))
    share = difference(moved, expected)
    assert share is not None and share > 2 * CHANGED_SHARE, share


def test_the_comparison_ignores_the_palette_of_the_stored_pictures(driver, pages: Path) -> None:
    """The references are kept with a palette: storing a picture does not change it in the
    check's eyes."""
    picture = first_page(driver, write_page("classic-en", pages))
    assert difference(picture, stored(picture)) == 0.0


def test_a_page_of_another_size_is_told_apart() -> None:
    import io

    from PIL import Image

    def png(size: tuple[int, int]) -> bytes:
        out = io.BytesIO()
        Image.new("RGB", size, "white").save(out, "PNG")
        return out.getvalue()
    assert difference(png((10, 10)), png((10, 12))) is None
    assert difference(png((10, 10)), png((10, 10))) == 0.0

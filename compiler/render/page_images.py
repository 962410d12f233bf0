"""The pages of a laid-out document as SVG and PNG files, besides its PDF.

WeasyPrint, the project's renderer, writes PDF only (its PNG output went in version 53), so:

- **SVG** is drawn here from WeasyPrint's own layout of the pages (its box tree): every
  background, border and line of text at the position WeasyPrint gave it, in CSS pixels, so
  the SVG page is the PDF page. Text stays text (searchable, editable), in the shipped fonts
  by a relative `@font-face` as the HTML sheets use them; each icon is defined once per page
  (`<defs>`) and placed with `<use>`. It draws what the cards' templates use: colours,
  rounded corners, solid and dashed borders, clipped overflow, background icons and text.
- **PNG** is the PDF page rasterised by PDFium (`pypdfium2`, a self-contained wheel: no
  poppler or system library needed on a fresh machine) and encoded by Pillow (a WeasyPrint
  dependency), with no timestamp: the same bytes on every run.

Both are deterministic: numbers are printed with fixed decimals and ids are counters.
"""
from __future__ import annotations

import base64
import io
from html import escape
from typing import Any

from wondersmith.render import sheets

PNG_DPI = 150  # enough to read the smallest print (6.5 pt) on screen; A4 is 1240 x 1754 px
PX_PER_MM = 96 / 25.4  # CSS pixels, WeasyPrint's unit


def _n(value: float) -> str:
    """A coordinate, fixed decimals, no "-0"."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _colour(colour: Any) -> tuple[str, float] | None:
    """(`#rrggbb`, opacity) of a WeasyPrint colour, None when transparent."""
    red, green, blue = (min(255, max(0, round(c * 255))) for c in colour.to("srgb").coordinates)
    if colour.alpha <= 0:
        return None
    return f"#{red:02x}{green:02x}{blue:02x}", round(colour.alpha, 3)


def _paint(attribute: str, colour: Any) -> str:
    found = _colour(colour)
    if found is None:
        return f'{attribute}="none"'
    hex_value, alpha = found
    return f'{attribute}="{hex_value}"' + (f' {attribute}-opacity="{_n(alpha)}"'
                                           if alpha < 1 else "")


class _Page:
    """One page's SVG: the drawing, the icons it uses and its clip paths."""

    def __init__(self, icons: dict[str, str]) -> None:
        self.icons = icons  # class name ("i-wood") -> SVG source
        self.used: list[str] = []
        self.clips: list[str] = []
        self.body: list[str] = []

    def clip(self, x: float, y: float, width: float, height: float) -> str:
        name = f"clip-{len(self.clips) + 1}"
        self.clips.append(f'<clipPath id="{name}"><rect x="{_n(x)}" y="{_n(y)}" '
                          f'width="{_n(width)}" height="{_n(height)}"/></clipPath>')
        return name

    def icon(self, css_class: str) -> str | None:
        if css_class not in self.icons:
            return None
        if css_class not in self.used:
            self.used.append(css_class)
        return css_class


def _radius(box: Any) -> float:
    """One corner radius for the box (the templates round every corner alike)."""
    radii = box.rounded_border_box()[4:]
    return min(r[0] for r in radii) if radii else 0.0


def _background(page: _Page, box: Any) -> None:
    background = box.background
    if background is None:
        return
    x, y, width, height = background.layers[-1].painting_area
    found = _colour(background.color)
    if found is not None and width > 0 and height > 0:
        radius = _radius(box)
        rounded = f' rx="{_n(radius)}"' if radius else ""
        page.body.append(f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(width)}" '
                         f'height="{_n(height)}"{rounded} {_paint("fill", background.color)}/>')
    classes = (box.element.get("class") or "").split() if box.element is not None else []
    for layer in background.layers:
        if layer.image is None or isinstance(layer.size, str) or 0 in layer.size:
            continue
        icon = next((page.icon(c) for c in classes if page.icon(c)), None)
        if icon is None:
            continue
        left = layer.position[0] + layer.positioning_area[0]
        top = layer.position[1] + layer.positioning_area[1]
        page.body.append(f'<use href="#{icon}" transform="translate({_n(left)} {_n(top)}) '
                         f'scale({_n(layer.size[0])} {_n(layer.size[1])})"/>')


def _border(page: _Page, box: Any) -> None:
    """A border of one width and colour all round (what the templates draw), or single
    sides; dashed where the style says so."""
    sides = ("top", "right", "bottom", "left")
    widths = {s: getattr(box, f"border_{s}_width", 0) or 0 for s in sides}
    if not any(widths.values()):
        return
    x, y = box.border_box_x(), box.border_box_y()
    width, height = box.border_width(), box.border_height()
    styles = {s: box.style[f"border_{s}_style"] for s in sides}
    colours = {s: box.style[f"border_{s}_color"] for s in sides}

    def dash(style: str, w: float) -> str:
        return f' stroke-dasharray="{_n(3 * w)} {_n(2 * w)}"' if style == "dashed" else ""

    if len(set(widths.values())) == 1 and len(set(styles.values())) == 1 and \
            len({str(c) for c in colours.values()}) == 1:
        w = widths["top"]
        radius = max(0.0, _radius(box) - w / 2)
        rounded = f' rx="{_n(radius)}"' if radius else ""
        page.body.append(
            f'<rect x="{_n(x + w / 2)}" y="{_n(y + w / 2)}" width="{_n(width - w)}" '
            f'height="{_n(height - w)}"{rounded} fill="none" {_paint("stroke", colours["top"])} '
            f'stroke-width="{_n(w)}"{dash(styles["top"], w)}/>')
        return
    lines = {"top": (x, y + widths["top"] / 2, x + width, y + widths["top"] / 2),
             "bottom": (x, y + height - widths["bottom"] / 2, x + width,
                        y + height - widths["bottom"] / 2),
             "left": (x + widths["left"] / 2, y, x + widths["left"] / 2, y + height),
             "right": (x + width - widths["right"] / 2, y, x + width - widths["right"] / 2,
                       y + height)}
    for side in sides:
        if widths[side] and styles[side] not in ("none", "hidden"):
            x1, y1, x2, y2 = lines[side]
            page.body.append(
                f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" '
                f'{_paint("stroke", colours[side])} stroke-width="{_n(widths[side])}"'
                f'{dash(styles[side], widths[side])}/>')


def _text(page: _Page, box: Any) -> None:
    if not box.text.strip() or box.style["visibility"] != "visible":
        return
    style = box.style
    family = ", ".join(f"'{f}'" if " " in f else f for f in style["font_family"])
    italic = ' font-style="italic"' if style["font_style"] == "italic" else ""
    page.body.append(
        f'<text x="{_n(box.position_x)}" y="{_n(box.position_y + box.baseline)}" '
        f'font-family="{escape(family)}" font-size="{_n(style["font_size"])}" '
        f'font-weight="{style["font_weight"]}"{italic} {_paint("fill", style["color"])}>'
        f'{escape(box.text, quote=False)}</text>')


def _draw(page: _Page, box: Any, text_box: type) -> None:
    if isinstance(box, text_box):
        _text(page, box)
        return
    if box.style["visibility"] == "visible":
        _background(page, box)
        _border(page, box)
    children = getattr(box, "children", [])
    if not children:
        return
    clipped = box.style["overflow"] != "visible" and box.element_tag != "html"
    if clipped:
        name = page.clip(box.padding_box_x(), box.padding_box_y(), box.padding_width(),
                         box.padding_height())
        page.body.append(f'<g clip-path="url(#{name})">')
    for child in children:
        _draw(page, child, text_box)
    if clipped:
        page.body.append("</g>")


def icon_sources() -> dict[str, str]:
    """Every shipped icon by the CSS class the templates give it."""
    return {f"i-{name.replace('_', '-')}": (sheets.ICONS_DIR / f"{name}.svg").read_text(
        encoding="utf-8") for name in sheets.icon_names()}


def svg_pages(document: Any, font_base: str) -> list[bytes]:
    """Each page of a WeasyPrint document (`sheets.render_document`) as an SVG file."""
    from weasyprint.formatting_structure.boxes import TextBox

    icons = icon_sources()
    out = []
    for page_layout in document.pages:
        root = page_layout._page_box  # the laid-out page: WeasyPrint draws the PDF from it
        page = _Page(icons)
        _draw(page, root, TextBox)
        width, height = page_layout.width, page_layout.height
        defs = [f'<image id="{name}" width="1" height="1" href="data:image/svg+xml;base64,'
                f'{base64.b64encode(icons[name].encode("utf-8")).decode("ascii")}"/>'
                for name in page.used] + page.clips
        fonts = "".join(
            f'@font-face {{ font-family: "Noto Sans WS"; font-weight: {weight}; '
            f'font-style: {style}; src: url("{escape(font_base)}{file}"); }}'
            for weight, style, file in ((400, "normal", "NotoSans-Regular.ttf"),
                                        (700, "normal", "NotoSans-Bold.ttf"),
                                        (400, "italic", "NotoSans-Italic.ttf")))
        out.append((
            '<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(width / PX_PER_MM)}mm" '
            f'height="{_n(height / PX_PER_MM)}mm" viewBox="0 0 {_n(width)} {_n(height)}">\n'
            f'<style>{fonts}</style>\n<defs>{"".join(defs)}</defs>\n'
            + "\n".join(page.body) + "\n</svg>\n").encode("utf-8"))
    return out


def png_pages(pdf: bytes, dpi: int = PNG_DPI) -> list[bytes]:
    """Each page of a PDF as a PNG image at `dpi`, on white."""
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    out = []
    try:
        for index in range(len(document)):
            image = document[index].render(scale=dpi / 72).to_pil()
            buffer = io.BytesIO()
            image.save(buffer, "PNG", dpi=(dpi, dpi))
            out.append(buffer.getvalue())
    finally:
        document.close()
    return out

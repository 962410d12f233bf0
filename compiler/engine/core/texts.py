"""Action texts: each mechanic words the action ids it owns, and reads them back.

Action ids form ranges (tables.py). The mechanic that owns a range words its actions
(`build Lighthouse`, `take Law from the library`, `stage 2 with Baths`) and reads them: it
adds its texts to the tables as they are built (its `extend_tables`), with `add_texts`.
`notation.action_to_text` and `parse_action` ask the mechanics' texts, the one added last
first, then the core's own (`first player N`). A text function gives None for an id or a
text that is not its own, so the next is asked. The same mechanics say what each of their
actions gives a city (`add_components`: the card built, the Wonder drafted, the token taken).
"""
from __future__ import annotations

from typing import Any, Callable

from ..errors import NotationError


def add_texts(t, to_text: Callable[..., str | None], parse: Callable[..., int | None],
              forms: str) -> None:
    """Add a mechanic's texts to tables `t`: `to_text(game, action, seat)`, `parse(game,
    text, seat)`, and `forms`, the forms it reads, for the message when a text reads as
    nothing (`"destroy <card>"`)."""
    t.text_forms = (*getattr(t, "text_forms", ()), forms)  # in the order of the mechanics
    if not t.action_texts:
        t.action_texts = (to_text, parse)
        return
    text_before, parse_before = t.action_texts

    def text(game, action: int, seat: int | None = None) -> str | None:
        out = to_text(game, action, seat)
        return out if out is not None else text_before(game, action, seat)

    def read(game, written: str, seat: int | None = None) -> int | None:
        out = parse(game, written, seat)
        return out if out is not None else parse_before(game, written, seat)
    t.action_texts = (text, read)


def add_components(t, component: Callable[..., int | None]) -> None:
    """Add a mechanic's reading of what its actions give the deciding city to tables `t`:
    `component(game, action, seat)`, the number of the card, Wonder, stage or token, or None
    for an id that is not its own or gives nothing (`Game.action_component`)."""
    before = t.action_components
    if before is None:
        t.action_components = component
        return

    def read(game, action: int, seat: int | None = None) -> int | None:
        out = component(game, action, seat)
        return out if out is not None else before(game, action, seat)
    t.action_components = read


def words(text: str) -> tuple[str, str]:
    """`text` with its spaces made single, and the same folded for matching."""
    s = " ".join(text.split())
    return s, s.casefold()


def lookup(game: Any, name: str, first: int, last: int, what: str) -> int:
    """The component among numbers `first` to `last` named `name` (display name or id,
    any case); NotationError naming the known ones otherwise."""
    t = game.t
    key = name.strip().casefold()
    for i in range(first, last):
        if t.names[i].casefold() == key or t.ids[i].casefold() == key:
            return i
    known = ", ".join(t.names[first:last])
    raise NotationError(f"no {what} named {name.strip()!r}; known: {known}")

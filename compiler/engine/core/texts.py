"""Action texts: each mechanic words the action ids it owns, and reads them back.

Action ids form ranges (tables.py). The mechanic that owns a range words its actions
(`build Lighthouse`, `take Law from the library`, `stage 2 with Baths`) and reads them: it
adds its texts to the tables as they are built (its `extend_tables`), with `add_texts`.
`notation.action_to_text` and `parse_action` ask the mechanics' texts, the one added last
first, then the core's own (`first player N`). A text function gives None for an id or a
text that is not its own, so the next is asked. The same mechanics say what each of their
actions gives a city (`add_components`: the card built, the Wonder drafted, the token taken).

A text names a component by its display name, or by its id where the name does not tell it
from the other components of its kind (`text_names`: a name that folds like another's name
or id, as in data the validator refuses, WS328). Reading a text, an id names its component,
and a name one component or none: a name two components share is refused, never resolved
to the first (`lookup`), so that every text names exactly one action.
"""
from __future__ import annotations

import unicodedata
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


def fold(text: str) -> str:
    """`text` as names are compared: Unicode-normalised (NFKC), case-folded, its spaces made
    single. The validator folds names alike (WS328, WS405)."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())
    return " ".join(folded.split())


def kind_ranges(t) -> tuple[tuple[int, int], ...]:
    """The numbers of each kind of component: buildings, Wonders, tokens, boards, stages."""
    return ((0, t.NB), (t.wonder0, t.token0), (t.token0, t.board0), (t.board0, t.stage0),
            (t.stage0, t.N))


def reprints(t, a: int, b: int) -> bool:
    """Two cards of one name (classic's Loom of Age I and of Age II: one card printed in two
    Ages, alike in all else, WS325): the texts tell them apart by id, or by where they are."""
    return a != b and a < t.NB and b < t.NB and t.names[a] == t.names[b]


def text_names(t, keep_reprinted_names: bool = False) -> list[str]:
    """The word each component goes by in texts: its display name where no other component
    of its kind has a name or id that folds like it; else its id, which reads as it unless
    another's name folds like it too. `keep_reprinted_names`: cards of one name keep it
    (classic reads them in the hand, the discard pile or by Age). A component neither names
    alone (in data the validator refuses) keeps its name: `game_record` records it by number."""
    out = list(t.names)
    for first, last in kind_ranges(t):
        claims: dict[str, list[int]] = {}
        for i in range(first, last):
            for key in {t.name_keys[i], t.ids[i]}:
                claims.setdefault(key, []).append(i)

        def alone(i: int, key: str, keep) -> bool:
            return all(j == i or keep(i, j) for j in claims.get(key, ()))
        for i in range(first, last):
            if alone(i, t.name_keys[i], lambda a, b: keep_reprinted_names and reprints(t, a, b)):
                continue
            if alone(i, t.ids[i], lambda a, b: reprints(t, a, b)):
                out[i] = t.ids[i]
    return out


def named_alike(t, written: str, first: int, last: int) -> list[int]:
    """The components among numbers `first` to `last` whose name or id folds like `written`."""
    key = fold(written)
    return [i for i in range(first, last) if t.name_keys[i] == key or t.ids[i] == key]


def matches(t, written: str, first: int, last: int) -> list[int]:
    """The components among numbers `first` to `last` that `written` may name: those whose
    name or id folds like it; of cards of one name, the one whose id it is."""
    found = named_alike(t, written, first, last)
    i = t.index.get(written)
    if i in found and all(j == i or reprints(t, i, j) for j in found):
        return [i]
    return found


def shared_name(t, written: str, found: list[int]) -> NotationError:
    """The error for a text naming several components, which it names by id."""
    return NotationError(f"{written!r} names {len(found)} components: "
                         f"{', '.join(t.ids[i] for i in found)}; write the id of the one meant")


def lookup(game: Any, name: str, first: int, last: int, what: str) -> int:
    """The component among numbers `first` to `last` named `name` (display name or id,
    any case); NotationError naming the known ones otherwise, or the components a name
    shared by several could mean."""
    t = game.t
    written = " ".join(name.split())
    found = matches(t, written, first, last)
    if len(found) == 1:
        return found[0]
    if found:
        raise shared_name(t, written, found)
    known = ", ".join(t.text_names[first:last])
    raise NotationError(f"no {what} named {written!r}; known: {known}")

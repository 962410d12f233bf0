"""A decision any card may ask for: one of several of its effects (verb `one_of`).

A card's `one_of: [...]` compiles to `game.one_of(player, self.id, j)` (its `j`-th choice)
and to one generated method per option, `choice_<j>_<k>`, with the options' words in the
class attribute `choices`. The verb queues an `effect_choice` node; the player picks option
`k` (`CHOOSE_EFFECT + k`), and its effects run then, their own decisions queued after it.

The node's `arg` is `j * N + component`; in JSON `"choice": {"card": id, "index": j}`. Its
texts: `choose <the option's words>` or `choose option 2`.
"""
from __future__ import annotations

import re

from .errors import NotationError
from .core.actions import EFFECTS, Actions
from .core.kinds import arg_in_json, handles, kind, legal_at

# Owned by the verb, not the core: a game whose cards offer no choice has no such decision
# (its observation's decision block and its states know nothing of it).
OWNER = "one_of"
K_CHOICE = kind("effect_choice", OWNER, prompt="choose one of a card's effects")


def _most_options(t) -> int:
    return max((len(options) for obj in t.objects for options in obj.choices), default=0)


def owners(t, mechanics) -> tuple[str, ...]:
    """The owners of the kinds a game of tables `t` with `mechanics` may wait on, beside the
    core: its mechanics, and this verb where a card offers a choice."""
    return (*mechanics, OWNER) if declared(t) else tuple(mechanics)


# `CHOOSE_EFFECT + k`: the k-th option; a game whose cards offer no choice has no such ids.
ACTIONS = (Actions("CHOOSE_EFFECT", EFFECTS, _most_options),)


def declared(t) -> tuple[Actions, ...]:
    return ACTIONS if _most_options(t) else ()


def _options_at_most(t) -> int:
    r = t.action_ranges.get("CHOOSE_EFFECT")
    return r.end - r.first if r else 0


def queue(g, player: int, card_id: str, choice: int) -> None:
    g._buffer.append((K_CHOICE, player, choice * g.t.N + g.t.index[card_id]))


def _options(g, arg: int) -> tuple[str, ...]:
    choice, comp = divmod(arg, g.t.N)
    return g.t.objects[comp].choices[choice]


@legal_at(K_CHOICE)
def _legal(g, player: int, arg: int) -> list[int]:
    return [g.t.CHOOSE_EFFECT + k for k in range(len(_options(g, arg)))]


@handles(K_CHOICE)
def _on_choice(g, node, action: int) -> None:
    choice, comp = divmod(node[2], g.t.N)
    getattr(g.t.objects[comp], f"choice_{choice}_{action - g.t.CHOOSE_EFFECT}")(g, node[1])
    if g.result is None:
        g._flush()  # the option's own decisions come next


def _save(g, arg: int) -> dict:
    choice, comp = divmod(arg, g.t.N)
    return {"card": g.t.ids[comp], "index": choice}


def _load(g, value, path: str, read) -> int:
    t = g.t
    if not isinstance(value, dict) or set(value) != {"card", "index"}:
        raise read.fail(path, "expected {\"card\": id, \"index\": N}")
    comp = t.index.get(value["card"]) if isinstance(value["card"], str) else None
    if comp is None or not t.objects[comp].choices:
        raise read.fail(f"{path}.card", f"no component with a choice of effects has the id "
                                        f"{read.short(value['card'])}")
    choice = read.int(value["index"], f"{path}.index", 0, len(t.objects[comp].choices) - 1)
    return choice * t.N + comp


arg_in_json(K_CHOICE, "choice", _save, _load)


# Texts ---------------------------------------------------------------------------------------

_OPTION = re.compile(r"choose option (\d+)")


def _waiting(g) -> tuple[str, ...] | None:
    """The options of the choice being decided, or None."""
    if g.result is None and g.stack and g.stack[-1][0] == K_CHOICE:
        return _options(g, g.stack[-1][2])
    return None


def to_text(g, action: int) -> str | None:
    t = g.t
    most = _options_at_most(t)
    k = action - t.CHOOSE_EFFECT if most else -1
    if not 0 <= k < most:
        return None
    options = _waiting(g)
    return f"choose {options[k]}" if options and k < len(options) else f"choose option {k + 1}"


def parse(g, text: str) -> int | None:
    t = g.t
    most = _options_at_most(t)
    low = " ".join(text.split()).casefold()
    if not most or not low.startswith("choose "):
        return None
    m = _OPTION.fullmatch(low)
    if m:
        k = int(m[1])
        if not 1 <= k <= most:
            raise NotationError(f"no option {k}: a choice here has at most {most}")
        return t.CHOOSE_EFFECT + k - 1
    options = _waiting(g) or ()
    for k, option in enumerate(options):
        if " ".join(option.split()).casefold() == low[len("choose "):]:
            return t.CHOOSE_EFFECT + k
    return None

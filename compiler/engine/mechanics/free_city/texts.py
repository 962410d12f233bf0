"""The words of the 2-player variant's events (mechanic `free_city`, which wires them into
the game's texts): `deal <card> to the pile`, `draw <card> from the pile`, and the Free City's
plays read in the hand it plays from. Kinds are read by name: free_city registers them."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.kinds import number
from ...core.texts import matches, shared_name
from ...errors import NotationError, OtherEventError
from ...games.classic import actions
from ..hand_draft import K_DEAL_HAND

if TYPE_CHECKING:
    from ...core.game import GameState


def draw_text(g: GameState, action: int) -> str | None:
    """`deal <card> to the pile` (the Free City's hand) and `draw <card> from the pile`."""
    top = g.stack[-1] if g.stack and g.result is None else None
    if top is None or not 0 <= action - g.t.CH_CARD < g.t.NB:
        return None
    name = g.t.text_names[action - g.t.CH_CARD]
    if top[0] == K_DEAL_HAND and top[2] == g.t.free_city:
        return f"deal {name} to the pile"
    return f"draw {name} from the pile" if top[0] == number("free_city_draw") else None


def parse_text(g: GameState, text: str, parse, seat: int | None = None) -> int | None:
    """`draw <card> from the pile`, `deal <card> to the pile` (each only at its own event:
    OtherEventError at another), and the Free City's plays read in the hand it plays from
    (two cards share a name, Loom of Age I and II: the one in that hand)."""
    t = g.t
    words = " ".join(text.split())
    top = g.stack[-1] if g.stack and g.result is None else None
    low = words.casefold()
    if low.startswith("draw ") and low.endswith(" from the pile"):
        name = words[len("draw "):-len(" from the pile")]
        if top is not None and top[0] != number("free_city_draw"):
            raise OtherEventError(f"{text!r}: no card is drawn from the pile now")
        return t.CH_CARD + _named(t, name, g.hands[t.free_city])
    if low.startswith("deal ") and low.endswith(" to the pile"):
        name = words[len("deal "):-len(" to the pile")]
        try:  # the card of the deck; else any card so named (a deal to come, forced early)
            action = t.CH_CARD + _named(t, name, g.pool)
        except NotationError:
            action = t.CH_CARD + _named(t, name, range(t.NB))
        if top is not None and top[0] == K_DEAL_HAND and top[2] != t.free_city:
            raise OtherEventError(f"{text!r}: the card dealt now goes to player {top[2]}, "
                                  "not the pile", action)
        return action
    if low.startswith("deal ") and low.endswith(f" to player {t.free_city}"):
        raise NotationError(f"{text!r}: the Free City's cards are dealt 'to the pile'")
    action = parse(g, text, seat)
    if seat not in (None, g.current_player):  # another seat's play: not the Free City's
        return action
    if action is None or top is None or top[1] != t.free_city or not t.C_BUILD <= action < t.C_FREE:
        return action
    mode, c, left, right = actions.decode(t, action)
    hand = g._free_city_hand()
    if c not in hand:  # the card of that name in the hand it plays from; none: apply says why
        c = next((d for d in sorted(set(hand)) if t.names[d] == t.names[c]), c)
    return actions.encode(t, mode, c, left, right)


def _named(t, name: str, cards) -> int:
    """The card of `cards` with this id or name (a name of one card, if of two Ages);
    NotationError."""
    found = [c for c in matches(t, name, 0, t.NB) if c in set(cards)]
    if len({t.names[c] for c in found}) > 1:
        raise shared_name(t, name, found)
    if not found:
        raise NotationError(f"no card named {name!r} here")
    return found[0]

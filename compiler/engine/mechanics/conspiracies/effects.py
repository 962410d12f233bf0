"""The verbs of the conspiracies' effects (mechanic `conspiracies`, Agora), as a mixin, with
the decisions they ask and their action ids:

| verb | decision | ids |
|---|---|---|
| `take_wonder` (Extortion) | `take_wonder`: a Wonder the opponent has not built | `TAKE_WONDER + w` |
| `take_coins` (Blackmail) | none: the share of the opponent's coins, rounded up | |
| `lock_token` (Obscurantism) | `lock_token`: a token on the board, the opponent's or in the box | `LOCK + token` |
| `build_from_structure` (Property Fraud) | `far_build`: a face-up card of the far row, of the colours named (ruling 16) | `FAR_BUILD + c` |
| `build_left_out` (Treason) | `left_out_build`: a card left out of the Ages so far | `LEFT_OUT_BUILD + c` |
| `discard_from_structure` (Turn of Events) | `structure_discard`: a reachable card; the later ones optional (ruling 15) | `STRUCTURE_DISCARD + c`, `STRUCTURE_DISCARD + NB`: stop |
| `take_building` (Foreclosure) | `take_building`: a building of the colours in the opponent's city | `TAKE_BUILDING + c` |
| `swap_building` (Coercion) | `swap_take`, then `swap_give` of the same colour (ruling 18) | `SWAP_TAKE + c`, `SWAP_GIVE + c` |
| `destroy_wonder` (Sabotage) | `sabotage`: a Wonder the opponent built (ruling 18) | `SABOTAGE + w` |

A building taken or swapped joins the city with its ongoing effects (production, chains,
science: a pair completed takes its token), never its effects on build: it was not built.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import EFFECTS, Actions
from ...core.kinds import AGES, UNBUILT, handles, kind, legal_at, stands
from ..card_structure import take_card
from ..card_structure.deal import reveal

if TYPE_CHECKING:
    from ...core.game import GameState

NAME = "conspiracies"

K_TAKE_WONDER = kind("take_wonder", NAME, prompt="take a Wonder of the opponent")
K_LOCK = kind("lock_token", NAME, prompt="lock a progress token away")
K_FAR = kind("far_build", NAME, prompt="build a card of the far row for free")
K_LEFT_OUT = kind("left_out_build", NAME, prompt="build a card left out for free")
K_DISCARD = kind("structure_discard", NAME, prompt="discard a card of the structure")
K_TAKE = kind("take_building", NAME, prompt="take a building of the opponent")
K_SWAP_TAKE = kind("swap_take", NAME, prompt="choose the opponent's building to swap")
K_SWAP_GIVE = kind("swap_give", NAME, prompt="choose your building to give")
K_SABOTAGE = kind("sabotage", NAME, prompt="remove a Wonder the opponent built")
for _kind in (K_TAKE_WONDER, K_LOCK, K_FAR, K_LEFT_OUT, K_DISCARD, K_TAKE, K_SWAP_TAKE,
              K_SWAP_GIVE, K_SABOTAGE):
    stands(_kind, AGES)


def _cards(t) -> int:
    return t.NB


ACTIONS = (Actions("TAKE_WONDER", EFFECTS, lambda t: t.NW),
           Actions("LOCK", EFFECTS, lambda t: t.NT),
           Actions("FAR_BUILD", EFFECTS, _cards), Actions("LEFT_OUT_BUILD", EFFECTS, _cards),
           Actions("STRUCTURE_DISCARD", EFFECTS, lambda t: t.NB + 1),
           Actions("TAKE_BUILDING", EFFECTS, _cards), Actions("SWAP_TAKE", EFFECTS, _cards),
           Actions("SWAP_GIVE", EFFECTS, _cards), Actions("SABOTAGE", EFFECTS, lambda t: t.NW))


def _opponent(g: GameState, player: int) -> int:
    return g.t.neighbours[player][0]


class ConspiracyEffects:
    """The verbs compiled conspiracies call; each queues its decision when it has a choice."""

    __slots__ = ()

    def take_wonder(self, player: int) -> None:
        if _unbuilt_of(self, _opponent(self, player)):
            self._buffer.append((K_TAKE_WONDER, player, 0))

    def take_coins(self, player: int, divisor: int) -> None:
        """Take 1/`divisor` of the opponent's coins, rounded up."""
        q = _opponent(self, player)
        n = -(-self.coins[q] // divisor)
        self.coins[q] -= n
        self.coins[player] += n

    def lock_token(self, player: int) -> None:
        if _lockable(self, player):
            self._buffer.append((K_LOCK, player, 0))

    def build_from_structure(self, player: int, colors: tuple[str, ...]) -> None:
        if _far_row(self, self._color_mask(colors)):
            self._buffer.append((K_FAR, player, self._color_mask(colors)))

    def build_left_out(self, player: int) -> None:
        if any(self.left_out):
            self._buffer.append((K_LEFT_OUT, player, 0))

    def discard_from_structure(self, player: int, cards: int) -> None:
        if self.reach:
            self._buffer.append((K_DISCARD, player, cards * 2 + 1))  # 1: the first is due

    def take_building(self, player: int, colors: tuple[str, ...]) -> None:
        mask = self._color_mask(colors)
        if self._destroy_targets(player, mask):
            self._buffer.append((K_TAKE, player, mask))

    def swap_building(self, player: int, colors: tuple[str, ...]) -> None:
        mask = self._color_mask(colors)
        if _swappable(self, player, mask):
            self._buffer.append((K_SWAP_TAKE, player, mask))

    def destroy_wonder(self, player: int) -> None:
        if _built_of(self, _opponent(self, player)):
            self._buffer.append((K_SABOTAGE, player, 0))

    def _gain_building(self, p: int, c: int) -> None:
        """Building `c` joins city `p` with its ongoing effects (not built: no on-build)."""
        self._join_city(p, c)
        self._acquire(p, c)

    def _join_city(self, p: int, c: int) -> None:
        self.city[p].append(c)
        self.color_count[p][self.t.color[c]] += 1


def _unbuilt_of(g: GameState, q: int) -> list[int]:
    return [w for w, tuck in zip(g.wonders[q], g.wonder_tuck[q]) if tuck == UNBUILT]


def _built_of(g: GameState, q: int) -> list[int]:
    return [w for w, tuck in zip(g.wonders[q], g.wonder_tuck[q]) if tuck >= 0]


def _lockable(g: GameState, player: int) -> list[int]:
    return sorted({*g.board_tokens, *g.tokens[_opponent(g, player)], *g.box_tokens})


def _far_row(g: GameState, mask: int) -> list[int]:
    """The face-up cards left in the structure's far row (row 0), of the colours of `mask`."""
    t = g.t
    return sorted(c for s in t.far_row[g.age] if not g.taken[s] and g.face_up[s]
                  for c in (g.slot_card[s],) if c >= 0 and (1 << t.color[c]) & mask)


def _swappable(g: GameState, player: int, mask: int) -> list[int]:
    """The opponent's buildings of the colours of `mask` that `player` has a building of the
    same colour to give for."""
    color = g.t.color
    mine = {color[c] for c in g.city[player]}
    return sorted(c for c in g.city[_opponent(g, player)]
                  if (1 << color[c]) & mask and color[c] in mine)


@legal_at(K_TAKE_WONDER)
def _take_wonder_options(g: GameState, player: int, arg: int) -> list[int]:
    return sorted(g.t.TAKE_WONDER + w for w in _unbuilt_of(g, _opponent(g, player)))


@handles(K_TAKE_WONDER)
def _on_take_wonder(g: GameState, node, action: int) -> None:
    w, p = action - g.t.TAKE_WONDER, node[1]
    q = _opponent(g, p)
    k = g.wonders[q].index(w)
    del g.wonders[q][k], g.wonder_tuck[q][k]
    g.wonders[p].append(w)
    g.wonder_tuck[p].append(UNBUILT)
    g._recompute_unbuilt()


@legal_at(K_LOCK)
def _lock_options(g: GameState, player: int, arg: int) -> list[int]:
    return [g.t.LOCK + x for x in _lockable(g, player)]


@handles(K_LOCK)
def _on_lock(g: GameState, node, action: int) -> None:
    tok = action - g.t.LOCK
    q = _opponent(g, node[1])
    for place in (g.board_tokens, g.box_tokens, g.tokens[q]):
        if tok in place:
            place.remove(tok)
            if place is g.tokens[q]:
                g._recompute()  # its ongoing effects are lost
            break
    g.locked.append(tok)


@legal_at(K_FAR)
def _far_options(g: GameState, player: int, arg: int) -> list[int]:
    return [g.t.FAR_BUILD + c for c in _far_row(g, arg)]


@handles(K_FAR)
def _on_far(g: GameState, node, action: int) -> None:
    c = action - g.t.FAR_BUILD
    take_card(g, c)
    g._build_building(node[1], c, chain=False)
    g._flush()


@legal_at(K_LEFT_OUT)
def _left_out_options(g: GameState, player: int, arg: int) -> list[int]:
    return sorted(g.t.LEFT_OUT_BUILD + c for age in g.left_out for c in age)


@handles(K_LEFT_OUT)
def _on_left_out(g: GameState, node, action: int) -> None:
    c = action - g.t.LEFT_OUT_BUILD
    for age in g.left_out:
        if c in age:
            age.remove(c)
            break
    g._build_building(node[1], c, chain=False)
    g._flush()


@legal_at(K_DISCARD)
def _discard_options(g: GameState, player: int, arg: int) -> list[int]:
    t = g.t
    out = [t.STRUCTURE_DISCARD + c for c in g.reach]
    if not arg & 1:  # not the first: it may stop
        out.append(t.STRUCTURE_DISCARD + t.NB)
    return out


@handles(K_DISCARD)
def _on_discard(g: GameState, node, action: int) -> None:
    t, p = g.t, node[1]
    c = action - t.STRUCTURE_DISCARD
    if c == t.NB:
        return
    take_card(g, c)
    g.discard.append(c)  # no coins (ruling 15)
    left = node[2] // 2 - 1
    if left and (g.reach or g.to_reveal):  # the next discard waits below the reveals
        g.stack.append((K_DISCARD, p, left * 2))
    if g.to_reveal:  # what it uncovers turns face up at once (ruling 15)
        reveal(g)


@legal_at(K_TAKE)
def _take_options(g: GameState, player: int, arg: int) -> list[int]:
    return [g.t.TAKE_BUILDING + c for c in g._destroy_targets(player, arg)]


@handles(K_TAKE)
def _on_take(g: GameState, node, action: int) -> None:
    c, p = action - g.t.TAKE_BUILDING, node[1]
    g._lose(_opponent(g, p), c)
    g._gain_building(p, c)
    g._flush()


@legal_at(K_SWAP_TAKE)
def _swap_take_options(g: GameState, player: int, arg: int) -> list[int]:
    return [g.t.SWAP_TAKE + c for c in _swappable(g, player, arg)]


@handles(K_SWAP_TAKE)
def _on_swap_take(g: GameState, node, action: int) -> None:
    g.stack.append((K_SWAP_GIVE, node[1], action - g.t.SWAP_TAKE))  # arg: the card taken


@legal_at(K_SWAP_GIVE)
def _swap_give_options(g: GameState, player: int, arg: int) -> list[int]:
    color = g.t.color
    return sorted(g.t.SWAP_GIVE + c for c in g.city[player] if color[c] == color[arg])


@handles(K_SWAP_GIVE)
def _on_swap_give(g: GameState, node, action: int) -> None:
    """Both cards change cities, then each brings its effects to its new city, the active
    player's first: a science pair either completes takes its token in that order, and a
    victory the first gives (six symbols) is the active player's (ruling 18). The card the
    opponent receives is in their city even then."""
    p, taken = node[1], node[2]
    given = action - g.t.SWAP_GIVE
    q = _opponent(g, p)
    g._lose(q, taken)
    g._lose(p, given)
    g._join_city(p, taken)
    g._join_city(q, given)
    g._acquire(p, taken)
    if g.result is None:
        g._acquire(q, given)
    g._flush()


@legal_at(K_SABOTAGE)
def _sabotage_options(g: GameState, player: int, arg: int) -> list[int]:
    return sorted(g.t.SABOTAGE + w for w in _built_of(g, _opponent(g, player)))


@handles(K_SABOTAGE)
def _on_sabotage(g: GameState, node, action: int) -> None:
    """The Wonder leaves the game with its VP and ongoing effects; the card under it goes to
    the discard pile (ruling 18)."""
    w = action - g.t.SABOTAGE
    q = _opponent(g, node[1])
    k = g.wonders[q].index(w)
    g.discard.append(g.wonder_tuck[q][k])
    del g.wonders[q][k], g.wonder_tuck[q][k]
    g._recompute()

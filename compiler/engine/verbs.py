"""The game verbs compiled effects call (the `runtime.GameVerbs` protocol), as a mixin of
`Game`. The verbs every game has are here; a verb that belongs to a mechanic (`destroy` and
`build_from_discard` to card_structure, `take_token` to progress_tokens) is defined by that
mechanic's mixin, and here only refuses, clearly, in a game without the mechanic."""
from __future__ import annotations

from . import choice as choice_of_effects
from .errors import EngineError


class GameVerbs:
    __slots__ = ()

    def neighbours(self, player: int) -> tuple[int, ...]:
        return self.t.neighbours[player]

    def gain_coins(self, player: int, amount: int) -> None:
        self.coins[player] += amount

    def lose_coins(self, player: int, amount: int) -> None:
        c = self.coins[player] - amount
        self.coins[player] = c if c > 0 else 0

    def count_cards(self, player: int, colors: tuple[str, ...]) -> int:
        ci = self.t.color_index
        cc = self.color_count[player]
        n = 0
        for c in colors:  # a loop, not sum() over a generator: one or two colours each time
            n += cc[ci[c]]
        return n

    def count_wonders(self, player: int) -> int:
        return self.wonders_built[player]

    def count_tokens(self, player: int) -> int:
        return len(self.tokens[player])

    def count_coins(self, player: int) -> int:
        return self.coins[player]

    def current_age(self) -> int:
        return self.age
    def one_of(self, player: int, card_id: str, choice: int) -> None:
        choice_of_effects.queue(self, player, card_id, choice)

    def destroy(self, player: int, colors: tuple[str, ...]) -> None:
        raise _missing("destroy", "card_structure")

    def play_again(self, player: int) -> None:
        raise _missing("play_again", "card_structure")

    def build_from_discard(self, player: int) -> None:
        raise _missing("build_from_discard", "card_structure")

    def take_token(self, player: int, source: str, draw: int) -> None:
        raise _missing("take_token", "progress_tokens")

    def influence(self, player: int, section: str, actions: int) -> None:
        raise _missing("influence", "senate")

    def move_decree(self, player: int) -> None:
        raise _missing("move_decree", "senate")

    def count_cubes(self, player: int) -> int:
        raise _missing("count_cubes", "senate")

    # The conspiracies' verbs (mechanic `conspiracies`: mechanics/conspiracies/).
    def conspire(self, player: int) -> None:
        raise _missing("conspire", "conspiracies")

    def trigger_unprepared(self, player: int) -> None:
        raise _missing("trigger_unprepared", "conspiracies")

    def take_wonder(self, player: int) -> None:
        raise _missing("take_wonder", "conspiracies")

    def take_coins(self, player: int, divisor: int) -> None:
        raise _missing("take_coins", "conspiracies")

    def lock_token(self, player: int) -> None:
        raise _missing("lock_token", "conspiracies")

    def build_from_structure(self, player: int, colors: tuple[str, ...]) -> None:
        raise _missing("build_from_structure", "conspiracies")

    def build_left_out(self, player: int) -> None:
        raise _missing("build_left_out", "conspiracies")

    def discard_from_structure(self, player: int, cards: int) -> None:
        raise _missing("discard_from_structure", "conspiracies")

    def take_building(self, player: int, colors: tuple[str, ...]) -> None:
        raise _missing("take_building", "conspiracies")

    def swap_building(self, player: int, colors: tuple[str, ...]) -> None:
        raise _missing("swap_building", "conspiracies")

    def destroy_wonder(self, player: int) -> None:
        raise _missing("destroy_wonder", "conspiracies")
    def place_influence(self, player: int, section: str, cubes: int, optional: bool) -> None:
        raise _missing("place_influence", "senate")

    def move_influence(self, player: int, actions: int, optional: bool) -> None:
        raise _missing("move_influence", "senate")

    def remove_influence(self, player: int, cubes: int) -> None:
        raise _missing("remove_influence", "senate")


def _missing(verb: str, mechanic: str) -> EngineError:
    return EngineError(f"the verb {verb!r} needs the mechanic {mechanic!r}, which this game's "
                       "`mechanics` do not list")

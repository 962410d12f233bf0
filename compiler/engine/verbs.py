"""The game verbs compiled effects call (the `runtime.GameVerbs` protocol), as a mixin of
`Game`. Verbs that need a choice queue a decision node in `_buffer`."""
from __future__ import annotations

from .nodes import CHANCE, K_DESTROY, K_LIB_DRAW, K_LIB_PICK, K_PAIR, K_REVIVE


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
        return sum(cc[ci[c]] for c in colors)

    def count_wonders(self, player: int) -> int:
        return self.wonders_built[player]

    def count_tokens(self, player: int) -> int:
        return len(self.tokens[player])

    def count_coins(self, player: int) -> int:
        return self.coins[player]

    def destroy(self, player: int, colors: tuple[str, ...]) -> None:
        mask = self._color_mask(colors)
        if self._destroy_targets(player, mask):
            self._buffer.append((K_DESTROY, player, mask))

    def build_from_discard(self, player: int) -> None:
        if self.discard:
            self._buffer.append((K_REVIVE, player, 0))

    def take_token(self, player: int, source: str, draw: int) -> None:
        if source == "box":
            n = min(draw, len(self.box_tokens))
            if n:
                self._buffer.extend([(K_LIB_DRAW, CHANCE, 0)] * n)
                self._buffer.append((K_LIB_PICK, player, 0))
        elif self.board_tokens:
            self._buffer.append((K_PAIR, player, 0))

    def _color_mask(self, colors: tuple[str, ...]) -> int:
        ci = self.t.color_index
        mask = 0
        for c in colors:
            mask |= 1 << ci[c]
        return mask

    def _destroy_targets(self, player: int, mask: int) -> list[int]:
        color = self.t.color
        city = self.city
        return sorted(c for q in self.t.neighbours[player] for c in city[q]
                      if (1 << color[c]) & mask)


"""The engine as an OpenSpiel game in the simultaneous-move form (`Dynamics.SIMULTANEOUS`).

Every decision is a simultaneous node (`current_player()` is `PlayerId.SIMULTANEOUS`), as in
OpenSpiel's own simultaneous games: the players who decide are the engine's `choosing()`
(at a classic turn every player; Halikarnassos building from the discard pile, Babylon B's
7th card or the Free City's card, which its holder chooses once the players have chosen
theirs, one player alone), `legal_actions(player)` is each one's own list (the engine's
`legal_actions_for`), [] for a player who does not decide, and `apply_actions` takes one
action per player, applied together with the engine's `apply_joint`; a player who does not
decide gives 0 (OpenSpiel's convention) or `pyspiel.INVALID_ACTION`. Chance is chance.
OpenSpiel's `rl_environment`, which applies every step of a simultaneous game with
`apply_actions`, plays it so.

A joint action plays exactly the game the turn-based form (spiel_game.py) plays with the
same choices made one by one in seat order; only what a seat observes between them differs:
here nothing, as no seat acts before the others.
"""
from __future__ import annotations

from wondersmith.engine import Game, IllegalActionError, runtime

from . import seats
from .spiel_game import WondersmithGame, WondersmithState, _json, _remember, new_game, pyspiel

NO_ACTION = (0, pyspiel.INVALID_ACTION)  # the entries a seat that does not choose may give


class JointGame(WondersmithGame):
    """One ruleset as a simultaneous-move OpenSpiel game; `openspiel.register(...,
    simultaneous=True)` makes a subclass per ruleset."""

    @staticmethod
    def max_length(ruleset: runtime.Ruleset, players: int, probe: Game) -> int:
        return seats.max_joint_decisions(ruleset, players, seats.city_count(probe))

    def new_initial_state(self) -> "JointState":
        return JointState(self)


class JointState(WondersmithState):
    """A state of the simultaneous-move game; `engine` is the wrapped engine game, as in
    the turn-based form."""

    def __init__(self, game: JointGame) -> None:
        super().__init__(game)
        # Each deciding seat's legal actions at this node, as (actions applied, {seat: list}):
        # a caller asks for them before `apply_actions` checks the joint action against them.
        self._legal_here: tuple[int, dict[int, list[int]]] = (-1, {})

    def _decider(self) -> int:
        """Every decision node is simultaneous here: the seats not deciding act with 0."""
        return pyspiel.PlayerId.SIMULTANEOUS

    def _legal_actions(self, player: int) -> list[int]:
        """`player`'s actions: [] for a seat that does not choose now. The joint actions of
        a simultaneous node are not listed (OpenSpiel's flat joint actions: with 7 seats
        of about 20 actions each, a billion of them): ask each player's. At a chance
        node: the outcomes."""
        if player == pyspiel.PlayerId.SIMULTANEOUS:
            raise ValueError("at a simultaneous node, ask legal_actions(player) of each player")
        engine = self._held.game
        if player == pyspiel.PlayerId.CHANCE:
            return engine.legal_actions() if engine.is_chance_node else []
        return self._legal_of(player)

    def _legal_of(self, seat: int) -> list[int]:
        step, known = self._legal_here
        if step != len(self._held.actions):
            known = {}
            self._legal_here = (len(self._held.actions), known)
        legal = known.get(seat)
        if legal is None:
            legal = known[seat] = self._held.game.legal_actions_for(seat)
        return legal

    def _apply_action(self, action: int) -> None:
        if self.is_simultaneous_node():  # a chance outcome only
            raise ValueError("a simultaneous node takes one action per player: apply_actions")
        super()._apply_action(action)

    def _apply_actions(self, actions: list[int]) -> None:
        """One action per player (OpenSpiel's joint action): each deciding player's must be
        legal, the others' 0 or INVALID_ACTION. Nothing is applied unless all are."""
        engine = self._held.game
        choosing = engine.choosing()
        if len(actions) != self._seats:
            raise ValueError(f"a joint action has one action per player ({self._seats}), "
                             f"got {len(actions)}")
        joint = {}
        for seat, action in enumerate(map(int, actions)):
            if seat not in choosing:
                if action not in NO_ACTION:
                    raise ValueError(f"player {seat} does not decide now: its action is 0, "
                                     f"got {action}")
                continue
            if action not in self._legal_of(seat):
                raise IllegalActionError(action, f"not among player {seat}'s legal actions")
            joint[seat] = action
        self._held.apply_joint(joint)
        if self._seen is not None:
            _remember(self._seen, engine, joint)

    def __str__(self) -> str:
        return seats.describe(self._held.game, self._held.game.choosing())

    def _views_so_far(self) -> list[list[str]]:
        """As the turn-based form's, a joint action being one step: OpenSpiel's history
        holds it as one entry per player, in player order (0 for those who did not decide)."""
        replay = new_game(self._held.game.ruleset, 0, self._seats, auto_chance=False)
        seen = [[_json(replay.observation(p))] for p in range(self._seats)]
        history, at = self.history(), 0
        while at < len(history):
            if replay.is_chance_node:
                moves = {}
                replay.apply(history[at])
                at += 1
            else:
                moves = {seat: history[at + seat] for seat in replay.choosing()}
                replay.apply_joint(moves)
                at += self._seats
            _remember(seen, replay, moves)
        return seen

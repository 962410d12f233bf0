"""Playing one chunk of deals: both revisions, both seat orders, through the engine's public API.

Two experiment hooks live here, outside the engine:
- randomized restriction: a seat barred from a component never sees the actions that would
  construct it (a view of the game whose `legal_actions` leaves them out);
- random Wonder assignment: the draft is played by a driver choosing uniformly at random (the
  Wonders revealed are already random), so each seat gets 4 Wonders at random.
"""
from __future__ import annotations

import random

from wondersmith.engine import CHANCE, Game
from wondersmith.engine.bots import make_bot

from .design import Chunk, Design
from .revisions import Revision, ruleset_of


class RestrictedView:
    """The game as a restricted bot sees it: the same state, fewer legal actions."""

    def __init__(self, game: Game, actions: list[int]) -> None:
        self._game = game
        self._actions = actions

    def legal_actions(self) -> list[int]:
        return list(self._actions)

    def __getattr__(self, name: str):
        return getattr(self._game, name)


class Components:
    """The ruleset's components, and which one an action constructs (from its text form)."""

    def __init__(self, ruleset) -> None:
        self.buildings = {c.name: c.id for c in ruleset.buildings}
        self.wonders = {c.name: c.id for c in ruleset.wonders}
        self.tokens = {c.name: c.id for c in ruleset.tokens}
        self.ids = sorted([*self.buildings.values(), *self.wonders.values(), *self.tokens.values()])

    def constructed_by(self, text: str) -> str | None:
        """The component an action builds, drafts or takes; None for discards and the rest."""
        if text.startswith("wonder "):
            rest = text[len("wonder "):]
            for name, cid in self.wonders.items():
                if rest.startswith(name + " with "):
                    return cid
            return None
        for prefix, table in (("pick ", self.wonders), ("take ", self.tokens), ("build ", self.buildings)):
            if text.startswith(prefix):
                name = text[len(prefix):]
                if prefix == "build " and name.endswith(" from discard"):
                    name = name[:-len(" from discard")]
                return table.get(name)
        return None


def _allowed(game: Game, components: Components, barred: frozenset[str]) -> list[int]:
    legal = game.legal_actions()
    kept = [a for a in legal if components.constructed_by(game.action_to_text(a)) not in barred]
    return kept or legal  # a forced construction (the last Wonder of a draft round) stays


def play_game(ruleset, components: Components, design: Design, tier: int, deal: int, swap: int) -> dict:
    bots_by_role = design.tiers[tier].bots
    seat_role = (0, 1) if swap == 0 else (1, 0)
    bots = [make_bot(bots_by_role[r], design.bot_seed(tier, deal, r)) for r in seat_role]
    barred = [frozenset(c for c in components.ids if design.barred(tier, deal, swap, seat, c))
              for seat in (0, 1)]
    assign = random.Random(design.wonder_seed(tier, deal, swap)) if design.wonders == "random" else None
    game = Game(ruleset, seed=design.chance_seed(deal))
    turns = 0
    while not game.is_terminal:
        player = game.current_player
        if player == CHANCE:  # only with auto_chance off; kept for engines that expose it
            game.apply(game.sample_chance())
            continue
        decision = game.decision
        if decision == "play":
            turns += 1
        if assign is not None and decision == "draft":
            game.apply(assign.choice(game.legal_actions()))
        elif barred[player]:
            game.apply(bots[player].choose(RestrictedView(game, _allowed(game, components, barred[player]))))
        else:
            game.apply(bots[player].choose(game))
    state = game.to_json()["players"]
    result = game.result
    return {
        "tier": tier, "deal": deal, "swap": swap,
        "bots": [bots_by_role[r] for r in seat_role],
        "winner": result.winner, "victory": result.victory,
        "scores": [result.scores[0]["total"], result.scores[1]["total"]],
        "turns": turns,
        "owned": [sorted([*p["buildings"], *(w["id"] for w in p["wonders"] if w["status"] == "built"),
                          *p["tokens"]]) for p in state],
        "wonders": [sorted(w["id"] for w in p["wonders"]) for p in state],
        "barred": [sorted(b) for b in barred],
    }


def play_chunk(revisions: tuple[Revision, ...], design: Design, chunk: Chunk) -> dict:
    """Every game of `chunk`: for each deal, each revision, both seat orders."""
    games = []
    for rev_index, revision in enumerate(revisions):
        ruleset = ruleset_of(revision)
        components = Components(ruleset)
        for deal in chunk.deals:
            for swap in (0, 1):
                record = play_game(ruleset, components, design, chunk.tier, deal, swap)
                record["rev"] = rev_index
                games.append(record)
    return {"chunk": chunk.index, "games": games}

"""Playing one chunk of deals: every revision, every seat rotation, through the engine's public API.

Two experiment hooks live here, outside the engine:
- randomized restriction: a seat barred from a component never sees the actions that would
  construct it (`Game.action_component`; the bot is asked with the other actions as `allowed`);
- random Wonder assignment: the draft is played by a driver choosing uniformly at random (the
  Wonders revealed are already random), so each seat gets 4 Wonders at random.
"""
from __future__ import annotations

import random

from wondersmith.engine import CHANCE, Game
from wondersmith.engine.bots import make_bot

from .design import Chunk, Design
from .revisions import Revision, ruleset_of


class Components:
    """The ruleset's components the lab reports on: buildings, Wonders, progress tokens, and
    each side of each Wonder board (a board side is dealt, so it is owned from the start)."""

    def __init__(self, ruleset) -> None:
        # What an action can construct (and so an experiment can bar); board sides are dealt.
        self.restrictable = sorted([*(c.id for c in ruleset.buildings), *(c.id for c in ruleset.wonders),
                                    *(c.id for c in ruleset.tokens)])
        self.ids = sorted([*self.restrictable, *board_sides(ruleset)])


def board_sides(ruleset) -> dict[str, str]:
    """Each board side's component id for the lab (`gizah:a`) and its name (`Gizah A`)."""
    return {f"{b.id}:{side}": f"{b.name} {side.upper()}" for b in ruleset.boards for side, _ in b.sides}


def _allowed(game: Game, barred: frozenset[str], seat: int) -> list[int]:
    legal = game.legal_actions()
    kept = [a for a in legal if game.action_component(a, seat) not in barred]
    return kept or legal  # a forced construction (the last Wonder of a draft round) stays


def _owned(game: Game) -> tuple[list[list[str]], list[list[str]]]:
    """Per seat: what its city holds (buildings, Wonders built, tokens, its board side), and
    what it was dealt or assigned (Wonders drafted or assigned, its board side)."""
    state = game.to_json()
    boards = state.get("mechanics", {}).get("wonder_boards", {}).get("boards")
    owned, assigned = [], []
    for seat, p in enumerate(state["players"]):
        board = [f"{boards[seat]['board']}:{boards[seat]['side']}"] if boards and boards[seat] else []
        owned.append(sorted([*p["buildings"], *(w["id"] for w in p["wonders"] if w["status"] == "built"),
                             *p["tokens"], *board]))
        assigned.append(sorted([*(w["id"] for w in p["wonders"]), *board]))
    return owned, assigned


def play_game(ruleset, components: Components, design: Design, tier: int, deal: int, rotation: int) -> dict:
    roles = design.tiers[tier].bots
    seat_role = design.tiers[tier].seat_roles(rotation)
    seats = range(design.players)
    bots = [make_bot(roles[r], design.bot_seed(tier, deal, r)) for r in seat_role]
    barred = [frozenset(c for c in components.restrictable if design.barred(tier, deal, rotation, seat, c))
              for seat in seats]
    assign = random.Random(design.wonder_seed(tier, deal, rotation)) if design.wonders == "random" else None
    game = Game(ruleset, seed=design.chance_seed(deal), players=design.players)
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
            game.apply(bots[player].choose(game, allowed=_allowed(game, barred[player], player)))
        else:
            game.apply(bots[player].choose(game))
    result = game.result
    owned, assigned = _owned(game)
    return {
        "tier": tier, "deal": deal, "rotation": rotation,
        "bots": [roles[r] for r in seat_role],
        "winner": result.winner, "victory": result.victory,
        "scores": [s["total"] for s in result.scores],
        "turns": turns,
        "owned": owned,
        "wonders": assigned,
        "barred": [sorted(b) for b in barred],
    }


def play_chunk(revisions: tuple[Revision, ...], design: Design, chunk: Chunk) -> dict:
    """Every game of `chunk`: for each deal, each revision, every seat rotation."""
    games = []
    for rev_index, revision in enumerate(revisions):
        ruleset = ruleset_of(revision)
        components = Components(ruleset)
        for deal in chunk.deals:
            for rotation in design.rotations:
                record = play_game(ruleset, components, design, chunk.tier, deal, rotation)
                record["rev"] = rev_index
                games.append(record)
    return {"chunk": chunk.index, "games": games}

"""The canonical JSON export: a whole ruleset as one document for apps in any language.

Keys come in a fixed order (never sorted alphabetically, never by dict accident), so diffs of
the export read like diffs of the rules. `schema/export.schema.json` documents the format.
"""
from __future__ import annotations

from typing import Any

from wondersmith.engine.runtime import Structure as RuntimeStructure, StructureRow
from wondersmith.ir.model import Board, Building, Cost, Game, Token, Wonder, stage_id_of
from wondersmith.ir.rules import plain, variant_players
from wondersmith.dsl.vocabulary import Effect

FORMAT = "wondersmith-ruleset"
# 2: seating, mechanics, trade.raise_per_unit, science.pair_size, next_age.
# 3: the rule sections are written as game.yaml writes them (optional keys left out).
# 4: game.player_counts; a game of 7 Wonders' mechanics writes its Ages (printed, hand, pass)
#    and its own rule sections (turn, conflicts, two_player_variant...), its buildings'
#    `copies`, and `boards` with the stages of both sides.
VERSION = 4


def _cost(cost: Cost) -> dict[str, int]:
    return cost.data()


def _effects(effects: tuple[Effect, ...]) -> list[dict[str, Any]]:
    return [{"verb": e.VERB, "timing": e.TIMING, "value": e.value()} for e in effects]


def _building(b: Building) -> dict[str, Any]:
    return {"id": b.id, "name": b.name, "age": b.age, "color": b.color,
            **({"copies": list(b.copies)} if b.copies else {}), "cost": _cost(b.cost),
            "chain_gives": b.chain_gives, "chain_from": b.chain_from,
            "effects": _effects(b.effects)}


def _board(b: Board) -> dict[str, Any]:
    return {"id": b.id, "name": b.name, "produces": dict(b.produces),
            "sides": {side: [{"id": stage_id_of(b.id, side, n), "stage": n,
                              "cost": _cost(stage.cost), "effects": _effects(stage.effects)}
                             for n, stage in enumerate(stages, 1)]
                      for side, stages in b.sides}}


def _wonder(w: Wonder) -> dict[str, Any]:
    return {"id": w.id, "name": w.name, "cost": _cost(w.cost), "effects": _effects(w.effects)}


def _token(t: Token) -> dict[str, Any]:
    return {"id": t.id, "name": t.name, "effects": _effects(t.effects)}


def _structure(game: Game, index: int) -> dict[str, Any]:
    st = game.structures[index]
    runtime = RuntimeStructure(st.age, tuple(StructureRow(r.columns, r.face_down)
                                             for r in st.rows))
    covered_by = runtime.covered_by()
    slots = [{"row": r, "column": c, "face_down": st.rows[r].face_down,
              "covered_by": list(covered_by[i])}
             for i, (r, c) in enumerate(runtime.slots())]
    return {"age": st.age,
            "rows": [{"columns": list(r.columns), "face_down": r.face_down} for r in st.rows],
            "slots": slots}


def export(game: Game) -> dict[str, Any]:
    rules = plain(game.rules, list)
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": {"id": game.id, "name": game.name, "players": game.players,
                 "player_counts": list(player_counts(game))},
        "seating": game.seating,
        "mechanics": list(game.mechanics),
        "source_hash": game.source_hash,
        "resources": {"raw": list(game.raw_resources),
                      "manufactured": list(game.manufactured_resources)},
        "colors": list(game.colors),
        "science_symbols": list(game.science_symbols),
        # The rule sections as game.yaml writes them (the rules record, `Game.rules`). A
        # game with hands (7 Wonders) writes its Ages there, with their rule keys.
        "ages": rules["ages"] if "ages" in rules else
        [{"age": a.age, "cards": a.cards, "colors": dict(a.colors)} for a in game.ages],
        **{section: value for section, value in rules.items() if section != "ages"},
        "structures": [_structure(game, i) for i in range(len(game.structures))],
        "buildings": [_building(b) for b in game.buildings],
        "wonders": [_wonder(w) for w in game.wonders],
        "tokens": [_token(t) for t in game.tokens],
        **({"boards": [_board(b) for b in game.boards]} if game.boards else {}),
    }


def player_counts(game: Game) -> tuple[int, ...]:
    """Every player count the game is played at: its range, and the 2-player variant's
    count when it declares one (7 Wonders)."""
    variant = variant_players(game.rules)
    return tuple(sorted({*game.player_counts, *([variant] if variant else [])}))

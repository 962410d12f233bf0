"""The canonical JSON export: a whole ruleset as one document for apps in any language.

Keys come in a fixed order (never sorted alphabetically, never by dict accident), so diffs of
the export read like diffs of the rules. `schema/export.schema.json` documents the format.
"""
from __future__ import annotations

from typing import Any

from wondersmith.engine.runtime import Structure as RuntimeStructure, StructureRow
from wondersmith.ir.model import Building, Cost, Game, Token, Wonder
from wondersmith.dsl.vocabulary import Effect

FORMAT = "wondersmith-ruleset"
# 2: seating, mechanics, trade.raise_per_unit, science.pair_size, next_age.
# 3: the rule sections are written as game.yaml writes them (optional keys left out).
VERSION = 3


def _cost(cost: Cost) -> dict[str, int]:
    return cost.data()


def _effects(effects: tuple[Effect, ...]) -> list[dict[str, Any]]:
    return [{"verb": e.VERB, "timing": e.TIMING, "value": e.value()} for e in effects]


def _building(b: Building) -> dict[str, Any]:
    return {"id": b.id, "name": b.name, "age": b.age, "color": b.color, "cost": _cost(b.cost),
            "chain_gives": b.chain_gives, "chain_from": b.chain_from,
            "effects": _effects(b.effects)}


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


def rule_sections(game: Game) -> dict[str, Any]:
    """The rule sections of game.yaml (setup, trade, discard, military, science, scoring,
    next_age) as validated plain data, shaped as game.yaml writes them: the export holds them
    and the compiled ruleset carries them for the engine (`RULESET.rules`)."""
    s = game.setup
    discard: dict[str, Any] = {"coins": game.discard_coins}
    if game.discard_bonus:
        discard["bonus"] = {"amount": game.discard_bonus,
                            "colors": list(game.discard_bonus_colors)}
    return {
        "setup": {
            "starting_coins": s.starting_coins,
            "board_tokens": s.board_tokens,
            "removed_cards_per_age": s.removed_cards_per_age,
            "guilds": {"age": s.guild_age, "count": s.guilds_drawn, "color": s.guild_color},
            "max_wonders_built": s.max_wonders_built,
            "wonder_draft": [list(r) for r in s.wonder_draft],
            **({"first_game_wonders": {"first": list(s.first_game_wonders[0]),
                                       "second": list(s.first_game_wonders[1])}}
               if s.first_game_wonders else {}),
        },
        "trade": {"base_price": game.trade_base_price, "raised_by": list(game.trade_raised_by),
                  "raise_per_unit": game.trade_raise_per_unit},
        "discard": discard,
        "military": {"supremacy_at": game.supremacy_at,
                     "zones": [{"from": z.first, "to": z.last, "points": z.points,
                                **({"loot": z.loot} if z.loot else {})} for z in game.zones]},
        "science": {"pair_takes_token": game.science_pair_takes_token,
                    "pair_size": game.science_pair_size,
                    "supremacy": game.science_supremacy,
                    "cards_per_symbol": game.science_cards_per_symbol},
        "scoring": {"coins_per_point": game.coins_per_point, "tie_break": game.tie_break},
        "next_age": {"chooser": game.next_age_chooser, "tie": game.next_age_tie},
    }


def export(game: Game) -> dict[str, Any]:
    rules = rule_sections(game)
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": {"id": game.id, "name": game.name, "players": game.players},
        "seating": game.seating,
        "mechanics": list(game.mechanics),
        "source_hash": game.source_hash,
        "resources": {"raw": list(game.raw_resources),
                      "manufactured": list(game.manufactured_resources)},
        "colors": list(game.colors),
        "science_symbols": list(game.science_symbols),
        "ages": [{"age": a.age, "cards": a.cards, "colors": dict(a.colors)} for a in game.ages],
        "setup": rules["setup"],
        "trade": rules["trade"],
        "discard": rules["discard"],
        "military": rules["military"],
        "science": rules["science"],
        "scoring": rules["scoring"],
        "next_age": rules["next_age"],
        "structures": [_structure(game, i) for i in range(len(game.structures))],
        "buildings": [_building(b) for b in game.buildings],
        "wonders": [_wonder(w) for w in game.wonders],
        "tokens": [_token(t) for t in game.tokens],
    }

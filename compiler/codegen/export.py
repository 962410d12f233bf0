"""The canonical JSON export: a whole ruleset as one document for apps in any language.

Keys come in a fixed order (never sorted alphabetically, never by dict accident), so diffs of
the export read like diffs of the rules. `schema/export.schema.json` documents the format.
"""
from __future__ import annotations

from typing import Any

from wondersmith.engine.runtime import Structure as RuntimeStructure, StructureRow
from wondersmith.ir.model import Board, Building, Cost, Game, Token, Wonder, stage_id_of
from wondersmith.dsl.rules_keys import CLASSIC_MECHANICS
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


def rule_sections(game: Game) -> dict[str, Any]:
    """The rule sections of game.yaml as validated plain data, shaped as game.yaml writes
    them: the export holds them and the compiled ruleset carries them for the engine
    (`RULESET.rules`). 7 Wonders Duel's: setup, trade, discard, military, science, scoring,
    next_age; a game of 7 Wonders' mechanics writes its own (`circle_sections`)."""
    if any(m in CLASSIC_MECHANICS for m in game.mechanics):
        return circle_sections(game)
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
        "game": {"id": game.id, "name": game.name, "players": game.players,
                 "player_counts": list(player_counts(game))},
        "seating": game.seating,
        "mechanics": list(game.mechanics),
        "source_hash": game.source_hash,
        "resources": {"raw": list(game.raw_resources),
                      "manufactured": list(game.manufactured_resources)},
        "colors": list(game.colors),
        "science_symbols": list(game.science_symbols),
        # A game with hands (7 Wonders) writes its Ages in its rule sections.
        "ages": rules["ages"] if "ages" in rules else
        [{"age": a.age, "cards": a.cards, "colors": dict(a.colors)} for a in game.ages],
        **{section: value for section, value in rules.items() if section != "ages"},
        "structures": [_structure(game, i) for i in range(len(game.structures))],
        "buildings": [_building(b) for b in game.buildings],
        "wonders": [_wonder(w) for w in game.wonders],
        "tokens": [_token(t) for t in game.tokens],
        **({"boards": [_board(b) for b in game.boards]} if game.boards else {}),
    }


def _listed(game: Game, mechanic: str, section: dict[str, Any]) -> dict[str, Any]:
    return section if mechanic in game.mechanics else {}


def circle_sections(game: Game) -> dict[str, Any]:
    """The rule sections of a game of 7 Wonders' mechanics, in the order game.yaml writes
    them: ages (printed, hand, pass), setup, turn, trade, discard, conflicts, science, scoring,
    two_player_variant. A key a mechanic reads is written when the game lists it; an
    optional key when the data gives it."""
    s = game.setup
    guilds: dict[str, Any] = {"age": s.guild_age, "color": s.guild_color}
    if s.guilds_printed:
        guilds["printed"] = s.guilds_printed
    guilds["count"] = ({"players_plus": s.guilds_players_plus}
                       if s.guilds_players_plus is not None else s.guilds_drawn)
    ages = [{"age": a.age, **({"printed": a.printed} if a.printed else {}),
             **_listed(game, "hand_draft", {"hand": a.hand, "pass": a.pass_to})}
            for a in game.ages]
    out: dict[str, Any] = {
        "ages": ages,
        "setup": {"starting_coins": s.starting_coins,
                  **({"boards": {"count": s.boards.count, "deal": s.boards.deal,
                                 "side": s.boards.side}} if s.boards else {}),
                  "guilds": guilds},
    }
    if "hand_draft" in game.mechanics:
        out["turn"] = {"simultaneous": game.turn_simultaneous, "per_age": game.turns_per_age}
    out["trade"] = {"base_price": game.trade_base_price,
                    **_listed(game, "bank_trade", {
                        "raised_by": list(game.trade_raised_by),
                        "raise_per_unit": game.trade_raise_per_unit}),
                    **_listed(game, "neighbour_trade", {
                        "from": game.trade_from, "sellable": list(game.trade_sellable),
                        "income_spendable": game.trade_income_spendable})}
    out["discard"] = {"coins": game.discard_coins}
    if game.discard_bonus:
        out["discard"]["bonus"] = {"amount": game.discard_bonus,
                                   "colors": list(game.discard_bonus_colors)}
    if game.conflicts:
        c = game.conflicts
        out["conflicts"] = {"at": c.at, "victory": list(c.victory), "defeat": c.defeat,
                            **({"tokens_in_box": c.tokens_in_box} if c.tokens_in_box else {})}
    if game.science_sets:
        sc = game.science_sets
        out["science"] = {"identical": sc.identical, "set_size": sc.set_size,
                          "set_points": sc.set_points, "wildcards": sc.wildcards}
    out["scoring"] = {"coins_per_point": game.coins_per_point, "tie_break": game.tie_break}
    if game.two_player_variant:
        v = game.two_player_variant
        out["two_player_variant"] = {"players": v.players, "deck_players": v.deck_players,
                                     **{k: list(x) if isinstance(x, tuple) else x
                                        for k, x in v.settings}}
    return out


def player_counts(game: Game) -> tuple[int, ...]:
    """Every player count the game is played at: its range, and the 2-player variant's
    count when it declares one (7 Wonders)."""
    counts = set(game.player_counts)
    if game.two_player_variant:
        counts.add(game.two_player_variant.players)
    return tuple(sorted(counts))

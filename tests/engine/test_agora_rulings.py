"""Agora's rulings of the senators' part (../shared/rules/agora-rulings.md 1-11, 24, 25 and
26's Knossos), one test each, played on cards/agora (an extension of Duel) as compiled in
generated/agora; and the Senate's invariants over random games of it."""
from __future__ import annotations

import random

import pytest

from wondersmith.engine import Game, load_ruleset
from wondersmith.engine.mechanics import senate
from wondersmith.engine.mechanics.senate import senators

AGORA = load_ruleset("agora")
DUEL = load_ruleset("duel")
DECREES = ("blue_coins_decree green_coins_decree yellow_coins_decree red_coins_decree "
           "wonder_coins_decree yellow_symbol_decree red_symbol_decree green_symbol_decree "
           "wonder_resource_decree raw_trade_decree manufactured_trade_decree "
           "senate_actions_decree discard_decree chains_decree conspirator_turn_decree "
           "shield_decree").split()


def _first_turn(seed: int = 0) -> Game:
    g = Game(AGORA, seed=seed)
    while g.decision != "play":
        if g.decision == "senate_action":  # Knossos drafted: its cube
            g.apply(g.legal_actions()[0])
        else:
            g.apply(g.legal_actions()[0])
    return g


def _position(cubes, decrees, seed: int = 0, node: dict | None = None) -> Game:
    """A first turn of Agora with these cubes and Decrees (ids or None), and `node` on top."""
    g = _first_turn(seed)
    data = g.to_json()
    data["mechanics"]["senate"]["chamber_cubes"] = cubes
    data["mechanics"]["senate"]["decrees"] = decrees
    if node is not None:
        data["stack"].append({"player": g.current_player, **node})
    return Game.from_json(AGORA, data)


def _steps(section, actions=1, **flags) -> dict:
    return {"kind": "senate_steps",
            "senate_steps": {"actions": actions, "section": section, **flags}}


def _ids(g: Game, comps) -> set[str]:
    return {g.t.ids[c] for c in comps}


# Components and set-up ---------------------------------------------------------------------------

def test_ruling_01_agora_adds_and_replaces_only_the_looting_tokens() -> None:
    g = Game(AGORA, seed=0)
    t = g.t
    duel = Game(DUEL, seed=0).t
    assert set(duel.ids) < set(t.ids)  # every base component is there
    politicians = [c for c in t.senators if t.classes[c].id.startswith("politician")]
    conspirators = [c for c in t.senators if t.classes[c].id.startswith("conspirator")]
    assert (len(t.senators), len(politicians), len(conspirators)) == (13, 7, 6)
    assert len(t.decree_tokens) == 16 and _ids(g, [t.token0 + d for d in t.decree_tokens]) \
        == set(DECREES)
    assert {"knossos", "corruption"} <= set(t.ids)
    # The military tokens take the looting tokens' places: no coins lost, a token each.
    assert [loot for _, loot in t.loot_zones] == [0, 0]
    assert _ids(g, t.loot_tokens) == {"small_military_token", "large_military_token"}
    assert all(senate.cubes_left(g, p) == 12 and not any(g.chamber_cubes[p]) for p in t.seats)


def test_ruling_02_senators_join_each_age_after_its_cards_are_left_out() -> None:
    t = Game(AGORA, seed=3).t
    assert [len(st.slots()) for st in AGORA.structures] == [25, 25, 23]
    for seed in range(3):
        g = Game(AGORA, seed=seed)
        rng = random.Random(seed)
        seen_ages = set()
        while not g.is_terminal:
            if g.decision == "play" and g.age not in seen_ages:
                seen_ages.add(g.age)
                in_age = [c for c in g.slot_card if c >= 0] + g.pool + g.left_out[-1]
                assert len(set(in_age) & set(t.senators)) == (5, 5, 3)[g.age - 1]
                assert not set(g.left_out[-1]) & set(t.senators)  # left out before
                assert len(g.senators_box) == (8, 3, 0)[g.age - 1]
            g.apply(g.sample_chance() if g.is_chance_node else rng.choice(g.legal_actions()))
        if g.result.victory == "civilian":
            assert seen_ages == {1, 2, 3}


def test_ruling_03_six_chambers_their_vp_and_the_face_up_decrees() -> None:
    g = _first_turn()
    t = g.t
    assert t.chamber_points == (1, 2, 3, 3, 2, 1)
    assert [t.config["senate"].chambers[c].section for c in range(6)] == [
        "left", "left", "middle", "middle", "right", "right"]
    assert t.config["senate"].cubes == 12
    drawn = [g.decrees[c] >= 0 for c in range(6)]
    if not any(g.chamber_cubes[p][c] for p in t.seats for c in (1, 3, 5)):
        assert drawn == [True, False, True, False, True, False]
    assert len({d for d in g.decrees if d >= 0}) == sum(drawn)  # one Decree a chamber


# The Senate --------------------------------------------------------------------------------------

def test_ruling_04_control_is_the_strict_majority_a_tie_is_no_ones() -> None:
    g = _first_turn()
    p, q = g.current_player, 1 - g.current_player
    cubes = [[0] * 6, [0] * 6]
    cubes[p][0], cubes[q][0] = 2, 2
    cubes[p][2], cubes[q][2] = 3, 2
    g = _position(cubes, ["blue_coins_decree", None, "discard_decree", None,
                          "shield_decree", None])
    assert senate.controller(g, 0) == -1 and senate.controller(g, 2) == p
    assert senate.controller(g, 1) == -1  # 0-0: no one
    t = g.t
    assert t.index["blue_coins_decree"] not in senate.state._decrees_of(g, p)
    assert _ids(g, senate.state._decrees_of(g, p)) == {"discard_decree"}
    assert g.result is None and senate.controlled(g, q) == []


def test_ruling_05_control_never_passes_straight_from_one_player_to_the_other() -> None:
    rng = random.Random(11)
    changes = 0
    for seed in range(25):
        g = Game(AGORA, seed=seed)
        while not g.is_terminal:
            before = [senate.controller(g, c) for c in range(6)]
            action = g.sample_chance() if g.is_chance_node else _senate_first(g, rng)
            g.apply(action)
            after = [senate.controller(g, c) for c in range(6)]
            assert not any(b >= 0 and a >= 0 and a != b for b, a in zip(before, after))
            changes += before != after
    assert changes > 100


def test_ruling_06_a_face_down_decree_turns_up_on_first_control_and_stays_up() -> None:
    g = _position([[0] * 6, [0] * 6], ["blue_coins_decree", None, "discard_decree", None,
                                       "shield_decree", None],
                  node=_steps("any", move=False, optional=False))
    p, q = g.current_player, 1 - g.current_player
    g.apply_text("place a cube in chamber 2")
    assert senate.controller(g, 1) == p and g.decrees[1] >= 0
    revealed = g.decrees[1]
    data = g.to_json()
    data["stack"].append({"kind": "senate_steps", "player": q, "senate_steps":
                          {"actions": 1, "section": "any", "move": False, "optional": False}})
    g = Game.from_json(AGORA, data)
    g.apply_text("place a cube in chamber 2")  # the opponent ties it: no one's, still up
    assert senate.controller(g, 1) == -1 and g.decrees[1] == revealed
    assert g.observation(q)["mechanics"]["senate"]["decrees"][1] == g.t.ids[
        g.t.token0 + revealed]


def test_ruling_07_politician_actions_by_blue_count() -> None:
    g = _position([[0] * 6, [0] * 6], ["blue_coins_decree", None, "discard_decree", None,
                                       "shield_decree", None])
    p = g.current_player
    t = g.t
    for blue, actions in ((0, 1), (1, 1), (2, 2), (3, 2), (4, 3), (7, 3)):
        g.color_count[p][t.color_index["blue"]] = blue
        assert senate.senate_actions(g, p) == actions
    # A Politician built: its actions, in its section's two chambers or moves, may stop early.
    g.color_count[p][t.color_index["blue"]] = 2
    g.influence(p, "middle", 0)
    g._flush()
    g._advance()
    assert g.decision == "senate_action"
    assert g.to_json()["stack"][-1]["senate"] == {"actions": 2, "section": "middle"}
    assert g.legal_texts() == ["place a cube in chamber 3", "place a cube in chamber 4",
                               "end senate actions"]
    g.apply_text("place a cube in chamber 3")
    assert "move a cube from chamber 3 to chamber 2" in g.legal_texts()  # across sections
    g.apply_text("move a cube from chamber 3 to chamber 2")
    assert g.chamber_cubes[p] == [0, 1, 0, 0, 0, 0] and g.decision != "senate_action"


def test_ruling_08_a_conspirator_places_a_cube_anywhere_or_conspires() -> None:
    """Ruling 8: a Conspirator gives one of two actions, a cube in any chamber or a conspire
    (draw 2, keep 1, the other on the top or the bottom of the deck)."""
    def recruited() -> Game:
        g = _position([[0] * 6, [0] * 6], ["blue_coins_decree", None, "discard_decree", None,
                                           "shield_decree", None])
        g.t.objects[g.t.index["conspirator_1"]].on_build(g, g.current_player)
        g._flush()
        g._advance()
        return g

    g = recruited()
    p = g.current_player
    assert g.legal_texts() == ["choose place 1 influence cube in any chamber",
                               "choose conspire"]
    g.apply_text("choose place 1 influence cube in any chamber")
    assert g.legal_texts() == [f"place a cube in chamber {c}" for c in range(1, 7)]
    g.apply_text("place a cube in chamber 6")
    assert g.chamber_cubes[p][5] == 1
    g = recruited()
    held = len(g.held[p])  # Curia Julia, if drafted, conspired already
    g.apply_text("choose conspire")
    while g.current_player < 0:  # the two conspiracies drawn
        g.apply(g.sample_chance())
    keep = g.legal_texts()
    assert len(keep) == 4 and all(text.startswith("keep ") for text in keep)
    g.apply(g.legal_actions()[0])
    assert len(g.held[p]) == held + 1 and sum(g.chamber_cubes[p]) == 0


def test_ruling_09_a_senator_costs_a_coin_per_senator_owned_and_nothing_else() -> None:
    g = _first_turn()
    t, p = g.t, g.current_player
    q = 1 - p
    one = t.index["politician_left_1"]
    for c in t.senators:
        assert (t.points[c], t.chain_from[c], t.chain_gives[c], t.cost[c]) == (0, 0, 0, ())
        assert t.color[c] == t.color_index["senator"]  # counted as no other colour
    assert g.build_cost(p, one) == 0
    g.color_count[p][t.senator_color] = 3  # three senators in the city
    g._reset_costs(p)
    assert g.build_cost(p, one) == 3
    pay = g.payment(p, one)
    assert (pay.coin_cost, pay.trade) == (3, 0)
    # The opponent's Economy collects trade only: a senator's coins are none.
    economy = t.index["economy"] - t.token0
    g.tokens[q].append(economy)
    g._recompute()
    g.color_count[p][t.senator_color] = 3
    g.cost_cache[p] = None
    coins = g.coins[q]
    g.coins[p] = 10
    g._pay(p, one)
    assert g.coins[q] == coins and g.coins[p] == 7
    # Corruption: every senator free.
    g._gain_token(p, t.index["corruption"] - t.token0)
    assert g.build_cost(p, one) == 0


def test_ruling_10_supremacy_wins_at_once_in_the_middle_of_the_actions() -> None:
    g = _first_turn()
    p = g.current_player
    cubes = [[1, 1, 1, 1, 1, 0], [0] * 6]
    if p == 1:
        cubes.reverse()
    g = _position(cubes, ["blue_coins_decree", "green_coins_decree", "discard_decree",
                          "chains_decree", "shield_decree", None],
                  node=_steps("right", actions=3))
    g.apply_text("place a cube in chamber 6")
    assert g.is_terminal and (g.result.winner, g.result.victory) == (p, "political")
    assert g.stack == []  # the two actions left are not taken


def test_ruling_11_each_player_scores_the_vp_of_the_chambers_they_control() -> None:
    g = _first_turn()
    p = g.current_player
    cubes = [[2, 0, 1, 0, 0, 0], [1, 0, 0, 0, 0, 1]]
    g = _position(cubes, ["blue_coins_decree", None, "discard_decree", None,
                          "shield_decree", "chains_decree"])
    score = {q: g.scores()[q]["senate"] for q in g.t.seats}
    assert score == {0: 1 + 3, 1: 1}


# Military tokens and Knossos ----------------------------------------------------------------------

def test_ruling_24_a_token_the_pawn_reaches_is_resolved_by_the_player_it_moved_away_from():
    """Whoever's action moves the pawn: the shield decree's pawn moves (the decrees branch)
    call the same track, so when B's tie moves the pawn towards A, B resolves A's token."""
    g = _first_turn()
    p, q = g.current_player, 1 - g.current_player
    g.pawn = 2 * g.t.pawn_side[p]  # 2 towards q's capital: next is q's small token
    g._shields(p, 1)
    g._flush()
    g._advance()
    assert g.decision == "senate_action" and g.current_player == p
    assert g.legal_texts() == [f"place a cube in chamber {c}" for c in range(1, 7)]
    g.apply_text("place a cube in chamber 4")
    # The pawn moved back towards p, by q's action, into p's side: q resolves p's token.
    g.pawn = -2 * g.t.pawn_side[p]
    g._shields(q, 1)
    g._flush()
    g._advance()
    assert g.decision == "senate_action" and g.current_player == q


def test_ruling_25_military_tokens_place_or_remove_then_maybe_move() -> None:
    g = _first_turn()
    p, q = g.current_player, 1 - g.current_player
    cubes = [[0] * 6, [0] * 6]
    cubes[q][2] = 1
    cubes[p][0] = 1
    g = _position(cubes, ["blue_coins_decree", None, "discard_decree", None,
                          "shield_decree", None])
    g._shields(p, 6)  # through both zones on q's side: the small token, then the large
    g._flush()
    g._advance()
    assert g.legal_texts() == [f"place a cube in chamber {c}" for c in range(1, 7)]
    g.apply_text("place a cube in chamber 5")
    assert g.legal_texts() == ["remove a cube from chamber 3"]
    g.apply_text("remove a cube from chamber 3")
    assert g.chamber_cubes[q] == [0] * 6 and senate.cubes_left(g, q) == 12
    assert "end senate actions" in g.legal_texts()  # the move is optional
    g.apply_text("move a cube from chamber 5 to chamber 6")
    assert g.chamber_cubes[p] == [1, 0, 0, 0, 0, 1]
    assert g.loot_used[q] == [True, True]
    # With no cube of the opponent's in the Senate, the removal is skipped.
    g = _position([[0] * 6, [0] * 6], ["blue_coins_decree", None, "discard_decree", None,
                                       "shield_decree", None])
    g.pawn = 5 * g.t.pawn_side[p]
    g.loot_used[q][0] = True
    g._shields(p, 1)
    g._flush()
    g._advance()
    assert g.decision == "play"


def test_ruling_26_knossos_drafted_places_a_cube_and_built_places_and_moves() -> None:
    knossos = AGORA.by_id["knossos"]
    assert knossos.points == 3 and knossos.has_on_draft
    for seed in range(200):
        g = Game(AGORA, seed=seed)
        while g.decision in ("draft", "reveal_wonder", "first_player") or g.is_chance_node:
            texts = g.legal_texts()
            if g.decision == "draft" and "pick Knossos" in texts:
                p = g.current_player
                g.apply_text("pick Knossos")
                assert g.decision == "senate_action" and g.current_player == p
                assert g.legal_texts() == [f"place a cube in chamber {c}" for c in range(1, 7)]
                g.apply_text("place a cube in chamber 2")
                assert senate.controller(g, 1) == p and g.decrees[1] >= 0  # revealed
                assert g.age == 0  # before Age I
                break
            g.apply(g.legal_actions()[0])
        else:
            continue
        break
    else:
        pytest.fail("no draft offered Knossos")
    # Built: one cube in any chamber, then the owner may move one.
    g = _first_turn()
    p = g.current_player
    g.t.objects[g.t.index["knossos"]].on_build(g, p)
    g._flush()
    g._advance()
    g.apply_text("place a cube in chamber 3")
    assert "end senate actions" in g.legal_texts()
    g.apply_text("end senate actions")
    assert g.chamber_cubes[p][2] >= 1


def test_ruling_26_knossos_drafted_into_a_face_up_chamber_gives_its_one_decree_at_set_up() -> None:
    """A face-up chamber's Decree is dealt at set-up: Knossos's draft cube there (before Age I)
    draws no Decree of its own, and the controller holds the one dealt, nothing else (once,
    a Decree drawn for the cube was overwritten by the set-up's deal while its effects stayed
    in the city, and could be drawn again)."""
    for seed in range(200):
        g = Game(AGORA, seed=seed)
        while g.age == 0 and "pick Knossos" not in g.legal_texts():
            g.apply(g.legal_actions()[0])
        if g.age == 0:
            break
    else:
        pytest.fail("no draft offered Knossos")
    p = g.current_player
    g.apply_text("pick Knossos")
    g.apply_text("place a cube in chamber 3")  # a face-up chamber
    assert g.decrees[2] < 0 and senate.controller(g, 2) == p
    while g.decision != "play":
        g.apply(g.legal_actions()[0])
    dealt = [g.t.token0 + d for d in g.decrees if d >= 0]
    assert len(dealt) == 3 and len(set(dealt)) == 3  # chambers 1, 3 and 5
    assert _ids(g, g._board_components(p)) & set(DECREES) == {g.t.ids[g.t.token0 + g.decrees[2]]}
    fresh = g.clone()
    fresh._recompute()  # what a load derives: no other Decree's effect lingers in the city
    assert (g.coin_symbols, g.trade_cut, g.discard_extra, g.chains, g.triggers) == (
        fresh.coin_symbols, fresh.trade_cut, fresh.discard_extra, fresh.chains, fresh.triggers)


# Invariants over random games ---------------------------------------------------------------------

def _senate_first(g: Game, rng: random.Random) -> int:
    legal = g.legal_actions()
    t = g.t
    if g.decision == "play" and rng.random() < 0.6:
        picks = [a for a in legal if a < t.DISCARD and a in t.senators]
        if picks:
            return rng.choice(picks)
    if g.decision == "senate_action" and rng.random() < 0.9:
        cubes = [a for a in legal if a != t.SENATE_END]
        if cubes:
            return rng.choice(cubes)
    return rng.choice(legal)


def test_random_agora_games_keep_twelve_cubes_each_and_end() -> None:
    rng = random.Random(5)
    victories = set()
    for seed in range(30):
        g = Game(AGORA, seed=seed)
        moves = 0
        while not g.is_terminal:
            for p in g.t.seats:
                assert senate.cubes_left(g, p) + sum(g.chamber_cubes[p]) == 12
                assert min(g.chamber_cubes[p]) >= 0 and g.coins[p] >= 0
            g.apply(g.sample_chance() if g.is_chance_node else _senate_first(g, rng))
            moves += 1
            assert moves < 2000
            if rng.random() < 0.02:
                data = g.to_json()
                assert Game.from_json(AGORA, data).to_json() == data
        victories.add(g.result.victory)
        assert sum(senators.owned(g, p) for p in g.t.seats) <= 13
    assert "civilian" in victories


def test_a_sampled_state_redraws_the_hidden_senators_and_keeps_each_ages_count() -> None:
    """Information-set search: the senators still in the deck and those waiting for a later
    Age are redrawn together; none is ever among the cards left out, and an Age keeps its 5."""
    # A deal with a senator face down: with all five in sight, what waits is the same set.
    g = next(g for g in map(_first_turn, range(20)) if set(g.pool) & set(g.t.senators))
    t = g.t
    p = g.current_player
    seen = g.observation(p)
    boxes = set()
    for k in range(12):
        s = g.sample_state(p, random.Random(k))
        assert s.observation(p) == seen
        assert not set(s.left_out[-1]) & set(t.senators)
        in_age = [c for c in s.slot_card if c >= 0] + s.pool
        assert len(set(in_age) & set(t.senators)) == 5 and len(s.senators_box) == 8
        boxes.add(tuple(s.senators_box))
    assert len(boxes) > 1  # the waiting senators are not the real game's


def test_agora_records_replay_to_the_same_state() -> None:
    """Records of random Agora games (with and without chance sampled at once) replay
    identically: the senators' draws and the Senate's steps included."""
    from record_checks import round_trips

    seen = round_trips(AGORA, None, 12)
    assert seen["records replayed identically"] == 12

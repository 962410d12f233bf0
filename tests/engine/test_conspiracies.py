"""Agora's conspiracies (mechanic `conspiracies`): conspire, prepare, trigger, the hidden
information, and each conspiracy's effect; rulings 12-18 and 26 (Curia Julia) of
../shared/rules/agora-rulings.md.

The game is a copy of Duel with Agora's Senate (test-only Decrees:
tests/fixtures/games/conspiracies_overlay/), the mechanic, and Agora's 16 conspiracies,
Organized Crime, Curia Julia and Knossos laid over it (cards/agora/)."""
from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest
import yaml

from wondersmith.codegen import outputs
from wondersmith.engine import Game, load_ruleset
from wondersmith.engine.positions import position
from wondersmith.ir.loader import load_game

ROOT = Path(__file__).resolve().parents[2]
OVERLAY = ROOT / "tests" / "fixtures" / "games" / "conspiracies_overlay"
AGORA = ROOT / "cards" / "agora"  # Agora's conspiracies and Wonders, laid over the copy too
DECK = ["extortion", "blackmail", "expropriation", "swindle", "obscurantism", "coup",
        "property_fraud", "treason", "political_maneuver", "espionage", "turn_of_events",
        "embezzlement", "foreclosure", "coercion", "insider_influence", "sabotage"]
# Agora's Senate (docs/dsl.md, "senate"), with the test-only Decrees of the overlay.
SENATE = {"cubes": 12, "chambers": [
    {"section": section, "points": points, "decree": face}
    for section, points, face in (("left", 1, "face_up"), ("left", 2, "face_down"),
                                  ("middle", 3, "face_up"), ("middle", 3, "face_down"),
                                  ("right", 2, "face_up"), ("right", 1, "face_down"))],
    "decrees": [f"test_decree_{n}" for n in range(1, 7)], "supremacy": 6,
    "actions": {"color": "blue", "steps": [{"cards": 0, "actions": 1}, {"cards": 2, "actions": 2},
                                           {"cards": 4, "actions": 3}]}}


def build_game(folder: Path) -> None:
    """cards/duel with the overlay's files and the mechanic in game.yaml."""
    shutil.copytree(ROOT / "cards" / "duel", folder, ignore=shutil.ignore_patterns("locales"))
    for f in OVERLAY.glob("*.yaml"):
        shutil.copy(f, folder / f.name)
    shutil.copy(AGORA / "conspiracies.yaml", folder / "conspiracies.yaml")
    shutil.copy(AGORA / "wonders.yaml", folder / "agora_wonders.yaml")
    game = yaml.safe_load((folder / "game.yaml").read_text())
    game["id"] = folder.name
    game["mechanics"] += ["senate", "conspiracies"]
    game["senate"] = SENATE
    game["conspiracies"] = {"deck": DECK, "draw": 2}
    (folder / "game.yaml").write_text(yaml.safe_dump(game, sort_keys=False))
    age1 = yaml.safe_load((folder / "age1.yaml").read_text())
    for card in age1["buildings"]:
        if card["id"] == "tavern":  # a card that conspires, as Agora's Conspirators do
            card["effects"].append("conspire")
    (folder / "age1.yaml").write_text(yaml.safe_dump(age1, sort_keys=False))


def compiled(folder: Path, out: Path):
    """The ruleset of the game folder `folder`, validated and compiled into `out`."""
    loaded = load_game(folder)
    assert loaded.ok, [str(d) for d in loaded.diagnostics]
    result = outputs.expected(folder.parent, out, [folder])
    assert not result.errors, result.errors
    outputs.write(result, out)
    return load_ruleset(folder.name, path=out)


@pytest.fixture(scope="module")
def rules(tmp_path_factory):
    folder = tmp_path_factory.mktemp("games") / "consp"
    build_game(folder)
    return compiled(folder, tmp_path_factory.mktemp("generated"))


def at(rules, cards, held=None, **options) -> Game:
    """A position at player 0's turn, the cards within reach, `held` the conspiracies."""
    return position(rules, cards, held=held or {}, **options)


def test_the_game_keeps_conspiracies_off_the_board_and_out_of_the_box(rules) -> None:
    g = Game(rules, seed=3)
    t = g.t
    assert len(t.conspiracy_tokens) == len(DECK)
    assert not set(t.conspiracy_tokens) & (set(g.box_tokens) | set(g.board_tokens))
    assert g.held == [[], []] and g.deck_top == [] and g.deck_bottom == []


def test_ruling_12_prepare_tucks_the_card_taken_and_ends_the_turn(rules) -> None:
    g = at(rules, ["baths", "lumber_yard"], held={0: ["blackmail"]})
    g.apply_text("prepare Blackmail with Baths")
    assert g.held[0] == [[DECK.index("blackmail"), g.component("baths"), False]]
    assert g.current_player == 1 and g.component("baths") not in g.reach
    # a conspiracy prepared this turn is not triggered this turn: the turn is over
    assert not any(text.startswith("trigger") for text in g.legal_texts(0))


def test_ruling_13_one_trigger_a_turn_before_the_card_is_taken(rules) -> None:
    g = at(rules, ["baths", "lumber_yard"], coins=(3, 8),
           held={0: [("blackmail", "altar", False), ("swindle", "theater", False)]})
    assert {"trigger Blackmail", "trigger Swindle"} <= set(g.legal_texts())
    g.apply_text("trigger Blackmail")
    assert g.coins == [7, 4] and g.current_player == 0  # the turn goes on
    texts = g.legal_texts()
    assert "build Baths" in texts and not any(t.startswith("trigger") for t in texts)
    assert g.held[0][0][2] is True  # triggered, still in front of the player


def test_ruling_13_an_extra_turn_may_trigger_again(rules) -> None:
    g = at(rules, ["baths", "lumber_yard"], coins=(3, 8), wonders=(["piraeus"], []),
           held={0: [("blackmail", "altar", False), ("coup", "theater", False)]})
    g.apply_text("trigger Blackmail")
    g.coins[0] = 40
    g.apply_text("wonder Piraeus with Baths")  # Piraeus: play again
    assert g.current_player == 0 and "trigger Coup" in g.legal_texts()


def test_ruling_14_a_trigger_taking_the_last_cards_ends_the_age(rules) -> None:
    g = at(rules, ["baths"], filler=None, held={0: [("turn_of_events", "altar", False)]})
    g.apply_text("trigger Turn of Events")
    g.apply_text("put Baths in the discard pile")
    assert g.age == 2  # no card was left to take: the Age ended
    assert g.component("baths") in g.discard


def test_ruling_15_turn_of_events_reveals_at_once_gives_no_coins_second_optional(rules) -> None:
    g = at(rules, ["baths"], coins=(5, 5), face_down_above=True, filler=None,
           held={0: [("turn_of_events", "altar", False)]})
    g.apply_text("trigger Turn of Events")
    face_up = sum(g.face_up)
    g.apply_text("put Baths in the discard pile")
    assert sum(g.face_up) > face_up  # what Baths covered alone turned face up at once
    assert g.coins == [5, 5]
    assert "stop discarding" in g.legal_texts()
    g.apply_text("stop discarding")
    assert not g.to_reveal and all(g.face_up[s] for s in range(len(g.cover))
                                   if not g.taken[s] and not g.cover[s])


def _holding(rules, seed: int, *names: str) -> Game:
    """A game at its first turn (the Wonders drafted), the player to move holding these
    conspiracies, not prepared."""
    g = Game(rules, seed=seed)
    while g.decision != "play":
        g.apply(g.legal_actions()[0])
    data = g.to_json()
    p = g.current_player
    data["mechanics"]["conspiracies"]["held"][p] = [
        {"conspiracy": n, "card": None, "triggered": False} for n in names]
    return Game.from_json(rules, data)


def test_ruling_16_property_fraud_builds_a_card_of_the_far_row(rules) -> None:
    g = _holding(rules, 7, "property_fraud")
    p = g.current_player
    far = sorted(g.slot_card[s] for s in g.t.far_row[1])  # Age I's far row: 2 face-up cards
    assert len(far) == 2 and all(c >= 0 for c in far) and not set(far) & set(g.reach)
    g.apply(g.t.PREPARE + DECK.index("property_fraud") * g.t.NB + g.reach[0])
    g.apply(g.legal_actions()[0])  # the opponent's turn
    assert g.current_player == p
    g.apply_text("trigger Property Fraud")
    assert sorted(a - g.t.FAR_BUILD for a in g.legal_actions()) == far  # covered or not
    g.apply(g.t.FAR_BUILD + far[0])
    assert far[0] in g.city[p] and g.decision == "play" and g.current_player == p
    assert g.coins[p] == 7  # built for free


def test_ruling_16_property_fraud_never_builds_a_colour_not_named(rules) -> None:
    g = _holding(rules, 7, "property_fraud")
    g.build_from_structure(g.current_player, ("purple",))  # no guild in Age I
    assert g._buffer == []  # nothing to choose: skipped


def test_ruling_17_blackmail_takes_half_rounded_up(rules) -> None:
    g = at(rules, ["baths", "lumber_yard"], coins=(0, 7), held={0: [("blackmail", "altar", False)]})
    g.apply_text("trigger Blackmail")
    assert g.coins == [4, 3]


def test_ruling_18_sabotage_removes_the_wonder_its_vp_and_discards_its_card(rules) -> None:
    g = at(rules, ["baths", "lumber_yard"], wonders=([], [("the_pyramids", "altar")]),
           held={0: [("sabotage", "theater", False)]})
    before = g.scores()[1]["total"]
    g.apply_text("trigger Sabotage")
    g.apply_text("sabotage The Pyramids")
    assert g.wonders[1] == [] and g.component("altar") in g.discard
    assert g.scores()[1]["total"] == before - 9


def test_ruling_18_coercion_swap_completes_pairs_active_player_first(rules) -> None:
    g = at(rules, ["brewery", "caravansery"], age=2, filler=None, board_tokens=["law", "economy"],
           buildings=(["apothecary", "scriptorium"], ["school", "library"]),
           held={0: [("coercion", "altar", False)]})
    g.apply_text("trigger Coercion")
    g.apply_text("swap for School")
    g.apply_text("give Scriptorium in exchange")
    # School joins Apothecary (wheel: player 0's pair), then Scriptorium joins Library
    # (quill: player 1's pair): both take a token, the active player first
    assert g.component("school") in g.city[0] and g.component("scriptorium") in g.city[1]
    assert g.decision == "pair_token" and g.current_player == 0
    g.apply_text("take Law")
    assert g.decision == "pair_token" and g.current_player == 1
    g.apply_text("take Economy")
    assert g.decision == "play" and g.current_player == 0


def test_organized_crime_keeps_both(rules) -> None:
    g = at(rules, ["tavern", "lumber_yard"], tokens=(["organized_crime"], []))
    g.apply_text("build Tavern")
    assert len(g.held[0]) == 2 and g.drawing == [[], []]


def test_conspire_keeps_one_and_puts_the_other_back(rules) -> None:
    g = at(rules, ["tavern", "lumber_yard"])
    g.apply_text("build Tavern")
    assert g.decision == "conspiracy_keep" and len(g.drawing[0]) == 2
    kept, other = g.drawing[0]
    g.apply(g.t.KEEP_BOTTOM + kept)
    assert g.held[0] == [[kept, -1, False]] and g.deck_bottom == [[other, 0]]


def test_the_opponent_sees_no_conspiracy_and_sampling_redraws_them(rules) -> None:
    g = at(rules, ["baths", "lumber_yard"], held={0: ["blackmail", ("coup", "altar", False)]})
    seen = g.observation(1)["mechanics"]["conspiracies"]["held"][0]
    assert [e["conspiracy"] for e in seen] == [None, None] and seen[1]["card"] == "altar"
    mine = g.observation(0)["mechanics"]["conspiracies"]["held"][0]
    assert [e["conspiracy"] for e in mine] == ["blackmail", "coup"]
    rng = random.Random(1)
    drawn = {tuple(k for k, _, _ in g.sample_state(1, rng).held[0]) for _ in range(20)}
    assert len(drawn) > 1
    assert all(g.sample_state(0, rng).held[0] == g.held[0] for _ in range(3))
    assert g.sample_state(1, rng).observation(1) == g.observation(1)


def test_random_games_round_trip_and_replay(rules) -> None:
    rng = random.Random(5)
    for seed in range(6):
        g = Game(rules, seed=seed)
        while not g.is_terminal:
            legal = g.legal_actions()
            if not g.is_chance_node:  # every text unique, and read back to its action
                texts = [g.action_to_text(a) for a in legal]
                assert len(set(texts)) == len(texts)
                assert [g.parse_action(x) for x in texts] == legal
            ours = [a for a in legal if a >= g.t.PREPARE]
            g.apply(rng.choice(ours if ours and rng.random() < 0.5 else legal))
            if rng.random() < 0.05:
                again = Game.from_json(rules, g.to_json())
                assert again.to_json() == g.to_json()
        from wondersmith.engine.records import game_record, replay_record
        assert replay_record(rules, game_record(g)).to_json() == g.to_json()


# One test per conspiracy effect (those of this copy of Duel) --------------------------------

def _triggered(rules, name: str, **options) -> Game:
    g = at(rules, ["baths", "lumber_yard"], held={0: [(name, "altar", False)]}, **options)
    g.apply_text(f"trigger {g.t.names[g.t.token0 + g.t.conspiracy_tokens[DECK.index(name)]]}")
    return g


def test_extortion_takes_an_unbuilt_wonder(rules) -> None:
    g = _triggered(rules, "extortion", wonders=(["piraeus"], ["the_sphinx", ("the_pyramids", "theater")]))
    assert g.legal_texts() == ["take wonder The Sphinx from the opponent"]  # not a built one
    g.apply_text("take wonder The Sphinx from the opponent")
    assert g.wonders[0] == [g.component("piraeus") - g.t.wonder0, g.component("the_sphinx") - g.t.wonder0]
    assert g.component("the_sphinx") - g.t.wonder0 in g.unbuilt[0]
    assert g.decision == "play"


def test_expropriation_and_swindle_discard_a_blue_or_a_yellow_building(rules) -> None:
    for name, card in (("expropriation", "theater"), ("swindle", "tavern")):
        g = _triggered(rules, name, buildings=([], ["theater", "tavern", "stone_pit"]))
        assert g.legal_texts() == [f"destroy {g.t.names[g.component(card)]}"]
        g.apply_text(f"destroy {g.t.names[g.component(card)]}")
        assert g.component(card) in g.discard and g.component(card) not in g.city[1]


def test_obscurantism_locks_a_token_of_the_board_the_opponent_or_the_box(rules) -> None:
    g = _triggered(rules, "obscurantism", board_tokens=["law", "economy"],
                   tokens=([], ["agriculture"]))
    texts = set(g.legal_texts())
    assert {"lock Law", "lock Economy", "lock Agriculture"} <= texts
    assert len(texts) == 2 + 1 + len(g.box_tokens)  # and every token of the box
    coins = g.scores()[1]["total"]
    g.apply_text("lock Agriculture")  # 4 VP lost with it
    token = g.component("agriculture") - g.t.token0
    assert g.locked == [token] and g.tokens[1] == [] and g.scores()[1]["total"] == coins - 4


def test_political_maneuver_places_anywhere_removes_theirs_then_may_move(rules) -> None:
    g = _triggered(rules, "political_maneuver",
                   chamber_cubes=([0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 1, 0]))
    assert len(g.legal_texts()) == 6  # a cube in any chamber
    g.apply_text("place a cube in chamber 6")
    assert g.legal_texts() == ["remove a cube from chamber 5"]  # not optional
    g.apply_text("remove a cube from chamber 5")
    assert set(g.legal_texts()) == {"move a cube from chamber 6 to chamber 5",
                                    "end senate actions"}  # the move is optional
    g.apply_text("move a cube from chamber 6 to chamber 5")
    assert g.chamber_cubes == [[0, 0, 0, 0, 1, 0], [0] * 6] and g.decision == "play"


def test_a_conspiracy_ending_with_a_move_lets_the_player_skip_it(rules) -> None:
    g = _triggered(rules, "blackmail", coins=(0, 4),
                   chamber_cubes=([0, 0, 1, 0, 0, 0], [0] * 6))
    assert g.coins == [2, 2]
    assert "end senate actions" in g.legal_texts()
    g.apply_text("end senate actions")
    assert g.chamber_cubes[0] == [0, 0, 1, 0, 0, 0] and g.decision == "play"


def test_embezzlement_in_agoras_senate(rules) -> None:
    g = _triggered(rules, "embezzlement", coins=(1, 5),
                   chamber_cubes=([1, 0, 2, 0, 0, 0], [0, 0, 0, 0, 3, 0]),
                   decrees=["test_decree_1", None, "test_decree_3", None, "test_decree_5", None])
    assert g.coins == [1 + 3, 5 - 3]


def test_coup_gives_two_shields(rules) -> None:
    g = _triggered(rules, "coup")
    assert g.pawn == 2


def test_treason_builds_a_card_left_out_of_the_ages_so_far(rules) -> None:
    g = Game(rules, seed=4)
    while g.age < 2 and not g.is_terminal:
        g.apply(g.legal_actions()[0])
    g.held[g.current_player].append([DECK.index("treason"), -1, True])
    p = g.current_player
    g.build_left_out(p)
    g._flush()
    g._legal = None
    left = sorted(c for age in g.left_out for c in age)
    assert len(left) == 6 and sorted(a - g.t.LEFT_OUT_BUILD for a in g.legal_actions()) == left
    g.apply(g.t.LEFT_OUT_BUILD + left[0])
    assert left[0] in g.city[p] and all(left[0] not in age for age in g.left_out)


def test_espionage_takes_any_token_of_the_box(rules) -> None:
    g = _triggered(rules, "espionage")
    box = list(g.box_tokens)
    assert sorted(a - g.t.TAKE for a in g.legal_actions()) == sorted(box)  # every one drawn
    g.apply(g.legal_actions()[0])
    assert len(g.tokens[0]) == 1 and len(g.box_tokens) == len(box) - 1


def test_foreclosure_takes_a_brown_or_grey_building_with_its_production(rules) -> None:
    g = _triggered(rules, "foreclosure", buildings=([], ["stone_pit", "glassworks", "theater"]))
    assert set(g.legal_texts()) == {"take Stone Pit from the opponent's city",
                                    "take Glassworks from the opponent's city"}
    g.apply_text("take Glassworks from the opponent's city")
    glass = g.t.ruleset.resources.index("glass")
    assert g.component("glassworks") in g.city[0] and g.prod[0][glass] == 1
    assert g.prod[1][glass] == 0


def test_ruling_26_curia_julia_triggers_an_unprepared_conspiracy_then_plays_again(rules) -> None:
    g = at(rules, ["baths", "lumber_yard"], coins=(20, 8), wonders=(["curia_julia"], []),
           held={0: ["blackmail", ("coup", "theater", False)]})
    g.apply_text("wonder Curia Julia with Baths")
    assert g.decision == "trigger_unprepared"
    assert g.legal_texts() == ["trigger unprepared Blackmail", "trigger no conspiracy"]
    paid = g.coins[0]
    g.apply_text("trigger unprepared Blackmail")
    assert g.coins == [paid + 4, 4] and g.current_player == 0 and g.decision == "play"
    assert g.held[0][0] == [DECK.index("blackmail"), -1, True]
    assert g.scores()[0]["wonders"] == 0  # Curia Julia is worth 0 VP


def test_ruling_26_curia_julia_skips_the_trigger_when_none_would_act(rules) -> None:
    g = at(rules, ["baths", "lumber_yard"], coins=(20, 8), wonders=(["curia_julia"], []),
           held={0: ["sabotage", ("blackmail", "theater", False)]})
    g.apply_text("wonder Curia Julia with Baths")  # the opponent built no Wonder
    assert g.decision == "play" and g.current_player == 0 and g.held[0][0][2] is False


def test_the_action_mask_shows_the_opponent_nothing(rules) -> None:
    g = at(rules, ["baths", "lumber_yard"], held={0: [("blackmail", "altar", False)]})
    assert not any(g.legal_mask(1)) and g.legal_mask(0)[g.t.TRIGGER + DECK.index("blackmail")]


def test_ismcts_plays_from_samples_of_what_it_cannot_see(rules) -> None:
    from wondersmith.engine.bots.ismcts import ISMCTSBot
    g = at(rules, ["baths", "lumber_yard"], player=1, held={0: ["blackmail", "coup"]})
    seen = g.observation(1)
    action = ISMCTSBot(seed=1, iterations=30).choose(g)
    assert action in g.legal_actions() and g.observation(1) == seen


# Those that act on the Senate: the toy game with a Senate (tests/fixtures/games/conspiracy_toy)

TOY = ROOT / "tests" / "fixtures" / "games" / "conspiracy_toy"


@pytest.fixture(scope="module")
def toy(tmp_path_factory):
    return compiled(TOY, tmp_path_factory.mktemp("generated_toy"))


def test_ruling_17_embezzlement_pays_per_own_cube_and_takes_per_theirs(toy) -> None:
    g = position(toy, ["shrine", "wood_camp"], coins=(3, 2),
                 held={0: [("embezzlement", "altar", False)]})
    data = g.to_json()
    data["mechanics"]["senate"]["chamber_cubes"] = [[2, 1, 0, 0], [0, 1, 3, 0]]
    g = Game.from_json(toy, data)
    g.apply_text("trigger Embezzlement")
    assert g.coins == [3 + 3, 0]  # player 1 loses 4 (its 4 cubes), down to 0 from 2


def test_random_toy_games_with_the_senate_and_conspiracies_play_out(toy) -> None:
    rng = random.Random(2)
    for seed in range(10):
        g = Game(toy, seed=seed)
        while not g.is_terminal:
            legal = g.legal_actions()
            ours = [a for a in legal if a >= g.t.PREPARE]
            g.apply(rng.choice(ours if ours and rng.random() < 0.6 else legal))
            assert min(g.coins) >= 0
            assert all(sum(row) <= g.t.config["senate"].cubes for row in g.chamber_cubes)
        assert Game.from_json(toy, g.to_json()).to_json() == g.to_json()


def test_ruling_26_drafting_curia_julia_conspires_at_once(rules) -> None:
    curia = rules.by_id["curia_julia"]
    for seed in range(40):
        g = Game(rules, seed=seed)
        while g.decision == "draft" and g.component("curia_julia") - g.t.wonder0 not in g.draft:
            g.apply(g.legal_actions()[0])
        if g.decision == "draft":
            break
    else:
        pytest.fail("no seed offers Curia Julia in the draft")
    p = g.current_player
    g.apply_text(f"pick {curia.name}")
    assert g.decision == "conspiracy_keep" and g.current_player == p
    assert len(g.drawing[p]) == 2
    g.apply(g.legal_actions()[0])
    assert len(g.held[p]) == 1 and g.decision == "draft"  # the draft goes on
    assert Game.from_json(rules, g.to_json()).to_json() == g.to_json()


def test_the_bots_play_games_with_conspiracies_to_the_end(rules) -> None:
    from wondersmith.engine.bots import play_game
    from wondersmith.engine.bots.greedy import GreedyBot
    from wondersmith.engine.bots.ismcts import ISMCTSBot
    for seed in range(2):
        g = play_game(rules, [GreedyBot(seed), GreedyBot(seed + 1)], seed=seed)
        assert g.is_terminal and min(g.coins) >= 0
    g = play_game(rules, [ISMCTSBot(1, iterations=4), GreedyBot(2)], seed=3)
    assert g.is_terminal


def test_ruling_15_the_second_discard_waits_for_the_cards_turned_up(rules) -> None:
    g = at(rules, ["baths"], face_down_above=True, filler=None, auto_chance=False,
           held={0: [("turn_of_events", "altar", False)]})
    g.apply_text("trigger Turn of Events")
    g.apply_text("put Baths in the discard pile")
    assert g.is_chance_node  # the uncovered cards are dealt face up first
    while g.is_chance_node:
        g.apply(g.sample_chance())
    assert g.decision == "structure_discard" and "stop discarding" in g.legal_texts()
    assert len(g.legal_actions()) == len(g.reach) + 1 and g.reach

"""Classic 7 Wonders as an OpenSpiel simultaneous-move game
(`python_wondersmith_classic_simultaneous`, compiler/rl/spiel_joint.py): OpenSpiel's own
random simulation test, the joint action at a turn, and that a joint action plays the game
the turn-based `python_wondersmith_classic` plays with the same choices made one by one."""
from __future__ import annotations

import dataclasses
import json
import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python import rl_environment

from wondersmith.engine import Game, IllegalActionError, load_ruleset
from wondersmith.rl import openspiel
from wondersmith.rl.seats import city_count, max_joint_decisions

JOINT = "python_wondersmith_classic_simultaneous"
TURNS = "python_wondersmith_classic"
CLASSIC = load_ruleset("classic")
SIMULTANEOUS = pyspiel.PlayerId.SIMULTANEOUS


def at_first_turn(players: int, seed: int = 0) -> pyspiel.State:
    state = pyspiel.load_game(JOINT, {"players": players}).new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node():
        outcomes, probabilities = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(outcomes, probabilities)[0])
    return state


def random_step(state: pyspiel.State, rng: random.Random) -> list[int]:
    """Apply one random step (a chance outcome or a joint action, 0 for the players who do
    not decide) and return it as OpenSpiel's history records it."""
    if state.is_chance_node():
        outcomes, probabilities = zip(*state.chance_outcomes())
        step = [rng.choices(outcomes, probabilities)[0]]
        state.apply_action(step[0])
    else:
        assert state.is_simultaneous_node()  # every decision is one
        step = [rng.choice(state.legal_actions(p)) if state.legal_actions(p) else 0
                for p in range(state.num_players())]
        state.apply_actions(step)
    return step


@pytest.mark.parametrize("players", [2, 3, 7])  # 2: the variant, the Free City decided apart
def test_openspiel_random_simulation_with_serialization(players):
    """Clones, each player's legal actions and masks at simultaneous nodes, serialisation,
    observation and information-state strings and tensors of every player, the bound on
    the length (a joint action counts once), returns within the utility range."""
    game = pyspiel.load_game(JOINT, {"players": players})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_the_game_type_and_its_parameters():
    assert JOINT in pyspiel.registered_names() and TURNS in pyspiel.registered_names()
    kind = pyspiel.load_game(JOINT).get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    assert pyspiel.load_game(TURNS).get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert (kind.min_num_players, kind.max_num_players) == (2, 7)
    assert pyspiel.load_game(JOINT).num_players() == CLASSIC.players == 3
    for players in (2, 4, 7):
        game = pyspiel.load_game(f"{JOINT}(players={players})")
        turns = pyspiel.load_game(TURNS, {"players": players})
        probe = Game(CLASSIC, players=players)
        assert game.num_players() == players
        assert game.num_distinct_actions() == turns.num_distinct_actions()
        assert game.observation_tensor_size() == turns.observation_tensor_size()
        assert game.max_game_length() == max_joint_decisions(CLASSIC, players, city_count(probe))
        assert game.max_game_length() < turns.max_game_length()
    with pytest.raises(ValueError, match="played by .* players, not 8"):
        pyspiel.load_game(JOINT, {"players": 8})


def test_the_bound_counts_a_turn_once_and_the_free_citys_card_apart():
    """21 turns in the three Ages; the 2-player variant's Free City adds one decision a
    turn; Halikarnassos at most two a Wonder stage, as in the turn-based bound."""
    stages = sum(len(s) for board in CLASSIC.boards for _, s in board.sides)
    assert max_joint_decisions(CLASSIC, 5, 5) == 21 + 2 * stages
    assert max_joint_decisions(CLASSIC, 2, 3) == 2 * 21 + 2 * stages
    assert city_count(Game(CLASSIC, players=2)) == 3 and city_count(Game(CLASSIC, players=4)) == 4
    # The figures docs/rl.md gives.
    assert [pyspiel.load_game(JOINT, {"players": n}).max_game_length() for n in (2, 3, 7)] == \
        [126, 105, 105]


@pytest.mark.parametrize("players", [3, 7])
def test_a_turn_is_one_node_where_every_player_chooses(players):
    state = at_first_turn(players)
    engine = state.engine
    assert state.current_player() == SIMULTANEOUS and state.is_simultaneous_node()
    assert engine.choosing() == tuple(range(players))
    for seat in range(players):
        legal = state.legal_actions(seat)
        assert legal == engine.legal_actions_for(seat) == sorted(legal) and legal
        assert state.legal_actions_mask(seat) == engine.legal_mask(seat)
        texts = [state.action_to_string(seat, a) for a in legal]
        assert texts == engine.legal_texts(seat) and len(set(texts)) == len(texts)
    joint = [state.legal_actions(seat)[-1] for seat in range(players)]
    history = len(state.history())
    state.apply_actions(joint)
    assert state.history()[history:] == joint  # one entry per player, in player order
    assert state.engine.history[-players:] == joint  # the engine's apply_joint, in seat order
    assert [len(hand) for hand in state.engine.to_json()["mechanics"]["hand_draft"]["hands"]] \
        == [6] * players and state.is_simultaneous_node()  # hands passed: the next turn
    lines = str(at_first_turn(players)).splitlines()
    assert [line.split(":")[0] for line in lines if line.startswith("legal for")] == \
        [f"legal for player {seat}" for seat in range(players)]


def test_the_2_player_variant_asks_both_players_then_the_free_citys_card_holder():
    """A decision one player takes alone is a simultaneous node too, at which the others
    have no legal action and give 0 (OpenSpiel's convention)."""
    state = at_first_turn(2, seed=5)
    assert state.current_player() == SIMULTANEOUS and state.engine.choosing() == (0, 1)
    state.apply_actions([state.legal_actions(0)[0], state.legal_actions(1)[0]])
    holder = state.engine.free_city_holder
    assert state.current_player() == SIMULTANEOUS and state.engine.choosing() == (holder,)
    assert state.legal_actions(holder) == state.engine.legal_actions()
    assert state.legal_actions(1 - holder) == []
    assert str(state).splitlines()[0].endswith(f"player {holder} to decide for the Free City: "
                                               f"{state.engine.decision}")
    joint = [0, 0]
    joint[holder] = state.legal_actions(holder)[-1]
    with pytest.raises(ValueError, match=f"player {1 - holder} does not decide now"):
        state.apply_actions([a or 3 for a in joint])
    state.apply_actions(joint)
    assert state.engine.history[-1] == joint[holder]


# With `alone`, a seed whose game has nodes of one player alone: at 2 players the Free City's
# card and Halikarnassos, at 4 Babylon B's 7th card, at 7 Halikarnassos.
@pytest.mark.parametrize(("players", "seed", "alone"),
                         [(2, 1, True), (3, 2, False), (4, 15, True), (5, 3, False), (7, 4, True)])
def test_a_joint_action_plays_the_game_the_same_choices_play_one_by_one(players, seed, alone):
    """Every step of a random game of the simultaneous form, replayed on the turn-based
    form: a joint action as its seats' actions in seat order (each legal there, the seat
    to move each time), anything else as itself. The engine states agree after every step,
    and so do the returns."""
    rng = random.Random(seed)
    joint = pyspiel.load_game(JOINT, {"players": players}).new_initial_state()
    turns = pyspiel.load_game(TURNS, {"players": players}).new_initial_state()
    joint_nodes = lone_nodes = 0
    while not joint.is_terminal():
        choosing = joint.engine.choosing()
        simultaneous = joint.is_simultaneous_node()
        lone_nodes += simultaneous and len(choosing) == 1
        step = random_step(joint, rng)
        if simultaneous:
            assert all(step[p] == 0 for p in range(players) if p not in choosing)
            joint_nodes += 1
            for seat in choosing:
                assert turns.current_player() == seat
                assert step[seat] in turns.legal_actions()
                turns.apply_action(step[seat])
        else:
            turns.apply_action(step[0])
        assert turns.engine.to_json() == joint.engine.to_json()
    assert turns.is_terminal()
    assert joint_nodes >= 18 * (2 if players == 2 else 1)  # 18 turns (and the Free City's)
    assert bool(lone_nodes) == alone
    assert joint.returns() == turns.returns()
    assert joint.engine.history == turns.engine.history


def test_nothing_is_applied_unless_the_whole_joint_action_is_legal():
    state = at_first_turn(4)
    before = (state.history(), json.dumps(state.engine.to_json(), sort_keys=True))
    legal = [state.legal_actions(seat) for seat in range(4)]
    illegal = next(a for a in range(state.num_distinct_actions()) if a not in legal[3])
    with pytest.raises(IllegalActionError, match="player 3's legal actions"):
        state.apply_actions([legal[0][0], legal[1][0], legal[2][0], illegal])
    with pytest.raises(ValueError, match="one action per player \\(4\\), got 3"):
        state.apply_actions([legal[0][0], legal[1][0], legal[2][0]])
    with pytest.raises(ValueError, match="apply_actions"):
        state.apply_action(legal[0][0])  # one seat's action at a simultaneous node
    with pytest.raises(ValueError, match="legal_actions\\(player\\) of each player"):
        state.legal_actions()  # the flat joint actions are not listed
    assert (state.history(), json.dumps(state.engine.to_json(), sort_keys=True)) == before


def test_a_player_who_does_not_decide_gives_0_or_invalid_action():
    """A node at which several players, not all, decide together (none in classic's data,
    where every player chooses at a turn; a designer's board could give two seats a 7th
    card): here seat 0 has chosen through the turn-based steps the state keeps, so players
    1 to 3 are left to choose together."""
    state = at_first_turn(4)
    state._held.apply(state.legal_actions(0)[0])  # the engine's own step: seat 0 chooses
    assert state.engine.choosing() == (1, 2, 3) and state.is_simultaneous_node()
    assert state.legal_actions(0) == []
    rest = [state.legal_actions(seat)[0] for seat in (1, 2, 3)]
    with pytest.raises(ValueError, match="player 0 does not decide now"):
        state.apply_actions([5, *rest])
    for absent in (0, pyspiel.INVALID_ACTION):
        after = state.clone()
        after.apply_actions([absent, *rest])
        assert after.engine.choosing() != (1, 2, 3)


def test_each_player_sees_its_own_choice_in_its_information_state():
    """A joint action is one step of each player's information state, with that player's
    own action only; followed step by step it equals the one a replay of the history makes
    (a state asked for the first time late, or a deserialised one)."""
    state = at_first_turn(3, seed=7)
    followed = [json.loads(state.information_state_string(p)) for p in range(3)]
    rng = random.Random(7)
    while state.engine.age < 2:
        random_step(state, rng)
    replayed = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(state.get_game(), state))[1]
    for player in range(3):
        views = json.loads(state.information_state_string(player))
        assert views[:len(followed[player])] == followed[player]
        assert state.information_state_string(player) == replayed.information_state_string(player)
    # The last turn of Age I: each player's own action, and no other's.
    state = at_first_turn(3, seed=8)
    state.information_state_string(0)  # followed from here on
    joint = [state.legal_actions(p)[0] for p in range(3)]
    state.apply_actions(joint)
    for player in range(3):
        last = json.loads(state.information_state_string(player))[-1]
        assert last["action"] == joint[player]
        assert last["observation"] == state.engine.observation(player)


def test_openspiels_rl_environment_plays_it():
    """The environment applies one action per player at every step (0 for a player with
    no legal action), with `apply_actions`."""
    env = rl_environment.Environment(
        pyspiel.load_game(JOINT, {"players": 3}),
        chance_event_sampler=rl_environment.ChanceEventSampler(seed=3))
    step, rng, joint_steps = env.reset(), np.random.default_rng(3), 0
    while not step.last():
        assert step.observations["current_player"] == SIMULTANEOUS
        legal = step.observations["legal_actions"]
        joint_steps += all(legal)
        step = env.step([int(rng.choice(legal[p])) if legal[p] else 0 for p in range(3)])
    assert joint_steps == 18 and sorted(step.rewards) in ([-0.5, -0.5, 1.0], [-1.0, 0.5, 0.5],
                                                          [0.0, 0.0, 0.0])


def test_registering_a_ruleset_in_both_forms():
    assert openspiel.register("classic", simultaneous=True) == JOINT
    assert openspiel.short_name("classic", simultaneous=True) == JOINT
    with pytest.raises(ValueError, match="already registered with another ruleset"):
        openspiel.register("classic", dataclasses.replace(CLASSIC, name="Mine"), simultaneous=True)


def test_openspiels_turn_based_transform_takes_it():
    """`pyspiel.convert_to_turn_based` asks the players of each node one by one (docs/rl.md
    says the sequential form is that already, with the engine's texts)."""
    turns = pyspiel.convert_to_turn_based(pyspiel.load_game(JOINT, {"players": 3}))
    assert turns.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    pyspiel.random_sim_test(turns, num_sims=1, serialize=False, verbose=False)

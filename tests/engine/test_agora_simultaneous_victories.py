"""Agora's ruling 10 (../shared/rules/agora-rulings.md): "When one effect gives several
victories at once, the order is: scientific, then military, then political." Each pair that
one effect can give at once is set up with the positions builder and played.

Which pairs can come at once:

- military and political, whenever a single cube gains the last chamber and that chamber
  holds the shield Decree: the Decree moves the pawn one space towards the opponent (ruling
  24), onto their capital if it stood one space away. The cube may be placed (a Politician),
  moved (a Politician's move), or be the opponent's, removed (the large military token the
  pawn reached); the Decree may be face up, or face down and revealed by that very cube
  (ruling 6). Both victories are the same player's: a cube that gains a chamber moves the
  pawn towards the other player, and a cube that loses one cannot complete the Senate.
- scientific for both players: a Coercion swap of green cards can complete six different
  symbols for each (ruling 18: each takes the card, the active player first).
- scientific with military or political: no effect does both. A green card's symbol comes
  with no shield and no cube; the shields of a card, a Wonder or Coup come with no symbol;
  and the Senate steps that follow a swap (Coercion's optional move) are decisions of their
  own, taken after the swap's victory is settled.
"""
from __future__ import annotations

import pytest

from wondersmith.engine import Game, StateFormatError, load_ruleset
from wondersmith.engine.positions import position

AGORA = load_ruleset("agora")
SHIELD_IN_5 = ["blue_coins_decree", "green_coins_decree", "discard_decree", "chains_decree",
               "shield_decree", "raw_trade_decree"]
# Chamber 6's Decree face down, still to be drawn when a cube first gains the chamber.
FACE_DOWN_6 = ["blue_coins_decree", "green_coins_decree", "discard_decree", "chains_decree",
               "yellow_coins_decree", None]


def _victory(g: Game) -> tuple[int | None, str]:
    assert g.is_terminal and g.legal_actions() == []
    return g.result.winner, g.result.victory


def _senate(cubes, decrees, card: str, pawn: int, age: int = 1, **options) -> Game:
    """Player 0 to play `card`, with these cubes (player 0's, player 1's), Decrees and pawn
    (positive: towards player 1's capital, 9 spaces away)."""
    return position(AGORA, [card], age=age, chamber_cubes=cubes, decrees=decrees, pawn=pawn,
                    **options)


def test_a_placed_cube_completes_the_senate_and_its_shield_decree_wins_a_military_victory():
    g = _senate(([1, 1, 1, 1, 0, 1], [0] * 6), SHIELD_IN_5, "politician_right_1", pawn=8)
    g.apply_text("build Politician of the Right I")
    g.apply_text("place a cube in chamber 5")
    assert g.pawn == 9
    assert _victory(g) == (0, "military")


def test_a_moved_cube_completes_the_senate_and_its_shield_decree_wins_a_military_victory():
    """The move leaves chamber 4 still player 0's (3 against 1) and gains chamber 5 (1 all
    before)."""
    g = _senate(([1, 1, 1, 3, 1, 1], [0, 0, 0, 1, 1, 0]), SHIELD_IN_5, "politician_right_1",
                pawn=8)
    g.apply_text("build Politician of the Right I")
    g.apply_text("move a cube from chamber 4 to chamber 5")
    assert g.chamber_cubes[0] == [1, 1, 1, 2, 2, 1]
    assert _victory(g) == (0, "military")


def test_the_large_military_tokens_removal_completes_the_senate_and_the_shield_decree_wins():
    """Arsenal's 3 shields take the pawn from 5 to 8, into the large token's zone: player 0
    removes player 1's cube from chamber 5 (1 all), which gains it, all six chambers and the
    shield Decree, whose pawn move reaches player 1's capital."""
    g = _senate(([1, 1, 1, 1, 1, 1], [0, 0, 0, 0, 1, 0]), SHIELD_IN_5, "arsenal", pawn=5,
                age=3)
    g.apply_text("build Arsenal")
    assert g.pawn == 8 and g.decision == "senate_action" and g.current_player == 0
    g.apply_text("remove a cube from chamber 5")
    assert g.pawn == 9
    assert _victory(g) == (0, "military")


@pytest.mark.parametrize(("drawn", "expected"), [("shield_decree", "military"),
                                                 ("raw_trade_decree", "political")])
def test_a_face_down_decree_revealed_by_the_last_cube_acts_before_political_supremacy(drawn,
                                                                                       expected):
    """Chamber 6's Decree is face down until the cube gains it (ruling 6). The shield Decree
    drawn there wins the military victory; any other leaves the political one. The engine
    checked supremacy before drawing the Decree, and always gave the political victory."""
    g = _senate(([1, 1, 1, 1, 1, 0], [0] * 6), FACE_DOWN_6, "politician_right_1", pawn=8,
                auto_chance=False)
    g.apply_text("build Politician of the Right I")
    g.apply_text("place a cube in chamber 6")
    assert not g.is_terminal and g.decision == "decree_draw"
    name = AGORA.by_id[drawn].name
    g.apply_text(f"decree {name} in chamber 6")
    assert _victory(g) == (0, expected)


def test_a_state_waiting_on_the_decree_the_last_cube_revealed_loads():
    """Six chambers controlled and the game not over: the Decree is still to be drawn."""
    g = _senate(([1, 1, 1, 1, 1, 0], [0] * 6), FACE_DOWN_6, "politician_right_1", pawn=8,
                auto_chance=False)
    g.apply_text("build Politician of the Right I")
    g.apply_text("place a cube in chamber 6")
    data = g.to_json()
    assert Game.from_json(AGORA, data).to_json() == data
    # Only that draw, next, may stand between six chambers and the end of the game.
    data["stack"].append({"kind": "senate_action", "player": 1,
                          "senate": {"actions": 1, "section": "left"}})
    with pytest.raises(StateFormatError, match=r"players\[0\] controls 6 chambers, so the game"):
        Game.from_json(AGORA, data)


def test_without_the_shield_decree_the_last_cube_gives_the_political_victory():
    """The control case of the tests above: the same cube, no pawn move."""
    decrees = ["blue_coins_decree", "green_coins_decree", "discard_decree", "chains_decree",
               "yellow_coins_decree", "raw_trade_decree"]
    g = _senate(([1, 1, 1, 1, 0, 1], [0] * 6), decrees, "politician_right_1", pawn=8)
    g.apply_text("build Politician of the Right I")
    g.apply_text("place a cube in chamber 5")
    assert g.pawn == 8
    assert _victory(g) == (0, "political")


def _coercion_completing_both_sciences() -> Game:
    """Player 0 gives Study (a second sundial) for University (armillary sphere): six
    different symbols. Player 1 gives University (a second armillary sphere) for Study: six
    too."""
    g = position(AGORA, ["baths"],
                 buildings=(["workshop", "apothecary", "scriptorium", "pharmacist", "academy",
                             "study"],
                            ["laboratory", "school", "library", "dispensary", "observatory",
                             "university"]),
                 held={0: [("coercion", "glassworks", False)]}, age=3)
    g.apply_text("trigger Coercion")
    g.apply_text("swap for University")
    g.apply_text("give Study in exchange")
    return g


def test_a_coercion_swap_completing_science_for_both_players_gives_the_active_player_the_win():
    """The active player takes their card first (ruling 18), and wins."""
    assert _victory(_coercion_completing_both_sciences()) == (0, "scientific")


def test_the_card_given_in_a_coercion_swap_that_wins_is_in_the_opponents_city():
    """The swap that won took Study out of player 0's city and never put it in player 1's:
    the card was nowhere, and the final scores left its VP out."""
    g = _coercion_completing_both_sciences()
    assert "study" in {g.t.ids[c] for c in g.city[1]}
    assert "university" in {g.t.ids[c] for c in g.city[0]}
    data = g.to_json()
    assert Game.from_json(AGORA, data).to_json() == data  # its scores are the position's


def test_a_military_token_reached_by_a_face_down_shield_decree_drawn_is_a_decision_at_once():
    """The shield Decree drawn for chamber 6 (face down until the cube gains it) moves the
    pawn from 2 to 3, into the small token's zone: the token's cube is the next decision,
    player 0's. It was left queued inside the game (not on the stack) after the draw, so a
    copy of the game (`clone`, a saved state) lost it and went on to the next turn."""
    g = _senate(([0, 0, 0, 0, 0, 0], [0] * 6), FACE_DOWN_6, "politician_right_1", pawn=2,
                auto_chance=False)
    g.apply_text("build Politician of the Right I")
    g.apply_text("place a cube in chamber 6")
    g.apply_text(f"decree {AGORA.by_id['shield_decree'].name} in chamber 6")
    assert g.pawn == 3
    assert (g.decision, g.current_player) == ("senate_action", 0)
    assert g.clone().to_json() == g.to_json()
    assert Game.from_json(AGORA, g.to_json()).decision == "senate_action"

"""The balance lab around a table: classic 7 Wonders at 3 and 4 seats (and the 2-player
variant), with seat rotations, board sides dealt at random, and restriction at simultaneous
decisions."""
from __future__ import annotations

import json

import jsonschema
import pytest

from wondersmith.engine import Game, load_ruleset
from wondersmith.lab import report
from wondersmith.lab.backends import LocalBackend
from wondersmith.lab.design import Design, Tier
from wondersmith.lab.metrics import Shape, margin
from wondersmith.lab.play import board_sides, play_chunk
from wondersmith.lab.revisions import ruleset_of
from wondersmith.lab.runner import check_sprt_metric, observations, run, seats_for
from wondersmith.lab.sprt import Sprt


def _games(revisions, design):
    return [g for c in design.chunks() for g in play_chunk(revisions, design, c)["games"]]


def test_every_role_sits_in_every_seat_once_per_deal(classic_revisions):
    design = Design("classic", 2, seed=1, tiers=(Tier.parse("greedy,random,random,random", 4),), players=4)
    games = _games((classic_revisions["base"],), design)
    assert len(games) == 2 * 4
    for deal in (0, 1):
        mine = [g for g in games if g["deal"] == deal]
        assert sorted(g["rotation"] for g in mine) == [0, 1, 2, 3]
        assert sorted(g["bots"].index("greedy") for g in mine) == [0, 1, 2, 3]
        assert len({tuple(g["wonders"][g["bots"].index("greedy")]) for g in mine}) >= 1
    # the same deal gives the same boards to the same seats whoever sits there
    first = [g for g in games if g["deal"] == 0]
    assert len({tuple(map(tuple, g["wonders"])) for g in first}) == 1


def test_a_two_seat_tier_is_a_seat_swapped_pair():
    tier = Tier.parse("random,greedy")
    assert tier.seat_roles(0) == [0, 1] and tier.seat_roles(1) == [1, 0]
    assert Tier.parse("greedy", 5).bots == ("greedy",) * 5
    with pytest.raises(ValueError, match="one per seat"):
        Tier.parse("greedy,random", 3)
    with pytest.raises(ValueError, match="one bot per seat"):
        Design("classic", 4, tiers=(Tier.parse("greedy"),), players=3)


def test_the_seat_count_must_be_one_the_game_is_played_at(classic_revisions):
    assert seats_for((classic_revisions["base"],), None) == 3  # classic's usual count
    assert seats_for((classic_revisions["base"],), 7) == 7
    with pytest.raises(ValueError, match="plays classic with 2, 3, 4, 5, 6, 7 players"):
        seats_for((classic_revisions["base"],), 8)


def test_a_planted_strong_card_is_found_at_three_seats(classic_revisions):
    design = Design("classic", 48, seed=2, tiers=(Tier.parse("random", 3),), players=3)
    results = run((classic_revisions["base"], classic_revisions["planted"]), design, LocalBackend(1))
    assert results["games_per_revision"] == 3 * 48 and results["deals_played"] == 48
    baths = results["components"]["changes"]["baths"]["owner_win_rate"]
    assert baths["low"] > 0 and results["components"]["ranking"][0] == "baths"
    assert results["components"]["revisions"][1]["baths"]["owner_vs_rest"]["discovery"]
    # classic is won by points only: no victory mix and no lengths, a win rate per seat
    assert set(results["overall"]["metrics"]) == {
        "seat0_win_rate", "seat1_win_rate", "seat2_win_rate", "shared_rate", "score_margin", "score_mean"}
    assert results["metrics"]["score_mean"]["kind"] == "amount"
    assert results["overall"]["metrics"]["score_mean"]["change"]["low"] > 0  # Baths adds points
    jsonschema.validate(json.loads(report.to_json(results)), json.loads(report.SCHEMA.read_text()))
    html = report.render_html(results, "wondersmith balance compare a b --game classic")
    assert "seat2_win_rate" in html and "Baths" in html and "3 seats" in html


def test_board_sides_are_components_dealt_at_random(classic_revisions):
    ruleset = ruleset_of(classic_revisions["base"])
    sides = board_sides(ruleset)
    assert len(sides) == 14 and sides["gizah:a"] == "Gizah A"
    design = Design("classic", 16, seed=3, tiers=(Tier.parse("random", 3),), players=3)
    results = run((classic_revisions["base"],), design, LocalBackend(1))
    info, per_seat = results["components"]["info"], results["components"]["revisions"][0]
    assert info["gizah:b"]["kind"] == "board"
    dealt = sum(per_seat[c]["built"] for c in sides)
    assert dealt == results["games_per_revision"] * 3  # one board side per seat and game
    assert "assigned_effect" in per_seat["gizah:a"] and "access_value" not in per_seat["gizah:a"]
    assert "assigned_effect" not in per_seat["baths"]


def test_a_barred_seat_never_builds_the_barred_card_at_a_simultaneous_decision(classic_revisions):
    design = Design("classic", 4, seed=4, tiers=(Tier.parse("greedy,random,greedy", 3),), restrict=0.3,
                    players=3)
    games = _games((classic_revisions["base"],), design)
    buildings = {c.id for c in ruleset_of(classic_revisions["base"]).buildings}
    built = [c for g in games for seat in range(3) for c in g["owned"][seat] if c in buildings]
    barred_built = [c for g in games for seat in range(3)
                    for c in set(g["owned"][seat]) & set(g["barred"][seat])]
    assert built and barred_built == []
    assert all(g["barred"][seat] for g in games for seat in range(3))
    assert not any(c in board_sides(ruleset_of(classic_revisions["base"])) for g in games
                   for b in g["barred"] for c in b)  # a dealt board is never barred


def test_component_sprt_observations_compare_favoured_and_other_seats():
    games = [{"rev": 0, "tier": 0, "deal": 0, "rotation": r, "winner": w, "victory": "civilian",
              "barred": [["x"], [], []], "wonders": [["b:a"], ["b:b"], []]}
             for r, w in enumerate((0, 1, None))]
    # seat 0 barred from x: allowed seats 1 and 2 win 1/2, 0/2, 0/2; barred seat 0 wins 1, 0, 0
    assert observations(games, "access:x", 1, 3) == [0 - 1, 0.5 - 0, 0 - 0]
    assert observations(games, "board:b:a", 1, 3) == [1 - 0, 0 - 0.5, 0 - 0]
    assert observations(games, "seat1_win_rate", 1, 3) == [1 / 3]


def test_the_margin_is_the_winners_lead_over_the_runner_up():
    assert margin({"scores": [40, 52, 47]}) == 5
    assert margin({"scores": [30, 41]}) == 11


def test_a_board_sprt_needs_a_board_side(classic_revisions):
    design = Design("classic", 4, tiers=(Tier.parse("random", 3),), players=3)
    check_sprt_metric("board:gizah:a", design, (classic_revisions["base"],))
    check_sprt_metric("seat2_win_rate", design, (classic_revisions["base"],))
    with pytest.raises(ValueError, match="no board side"):
        check_sprt_metric("board:baths", design, (classic_revisions["base"],))
    with pytest.raises(ValueError, match="choose from"):
        check_sprt_metric("seat3_win_rate", design, (classic_revisions["base"],))
    result = run((classic_revisions["base"],), Design("classic", 16, tiers=(Tier.parse("random", 3),), players=3),
                 LocalBackend(1), Sprt("board:gizah:a", -0.5, 0.5))
    assert result["sprt"]["observations"] > 0


def test_the_two_player_variant_rates_the_two_seats(classic_revisions):
    """At 2 players the Free City is a third city: its wins are no seat's, its score counts."""
    design = Design("classic", 6, seed=5, tiers=(Tier.parse("greedy,random", 2),), players=2)
    results = run((classic_revisions["base"],), design, LocalBackend(1))
    rates = results["overall"]["metrics"]
    assert {"seat0_win_rate", "seat1_win_rate"} <= set(rates) and "seat2_win_rate" not in rates
    games = _games((classic_revisions["base"],), design)
    assert all(len(g["scores"]) == 3 and len(g["owned"]) >= 2 for g in games)


def test_game_shapes_follow_the_rules():
    assert Shape(2, ("civilian", "military", "scientific")).early_end
    classic = Shape(4, tuple(Game(load_ruleset("classic"), players=4).VICTORIES))
    assert not classic.early_end and "seat3_win_rate" in classic.rates and "length_mean" not in classic.amounts


def test_hostile_names_and_labels_stay_text_in_the_report(classic_revisions):
    """Card and board names come from the data, labels and the command line from the user:
    the report escapes them all (one script of its own, no other element from the text)."""
    import html.parser

    hostile = "</td><script>window.pwned=1</script><img src=x onerror=alert(1)>{{ 7*7 }}$x$"
    design = Design("classic", 4, seed=6, tiers=(Tier.parse("random", 3),), players=3)
    results = run((classic_revisions["base"], classic_revisions["planted"]), design, LocalBackend(1))
    for entry in results["components"]["info"].values():
        entry["name"] += hostile
    for revision in results["revisions"]:
        revision["label"] += hostile
    page = report.render_html(results, "wondersmith balance compare " + hostile)

    class Tags(html.parser.HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.tags: list[str] = []

        def handle_starttag(self, tag, attrs) -> None:
            self.tags.append(tag)

    tags = Tags()
    tags.feed(page)
    assert tags.tags.count("script") == 1 and "img" not in tags.tags
    assert "window.pwned" not in page.split("<script>")[1]
    assert "&lt;script&gt;window.pwned=1&lt;/script&gt;" in page

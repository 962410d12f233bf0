"""Game records of format 2 (with Duel's guild backs), and records of format 1 replayed by
inferring the backs they lack (issue 11).

`records-v1-guild-backs.json` holds records made by the engine before guild backs (d9ebd43)
whose Age III turned guilds up from face-down slots or left some face down, one with the
short texts of the oldest records (no slot named), with the final state that engine
reached. `records-v2.json` holds records made with guild backs, and their final states.
"""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from wondersmith.engine import RecordFormatError, game_record, load_ruleset, replay_record
from wondersmith.engine import upgrade_record
from wondersmith.engine.records import FORMATS, RECORD_FORMAT

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "engine"
RULESET = load_ruleset("duel")
T = replay_record(RULESET, json.loads((FIXTURES / "records-v2.json").read_text())[0]["record"],
                  check_source_hash=False).t


def _entries(name: str) -> list[dict]:
    entries = json.loads((FIXTURES / name).read_text())
    assert entries
    return entries


def _without_backs(state: dict) -> dict:
    """A state as the engine before guild backs wrote it: no back outcome in the history or
    the chance count, no `back` on a slot (and no data hash, which may have moved since)."""
    backs = [a for a in state["history"] if a >= T.CH_BACK]
    out = {k: v for k, v in state.items() if k != "source_hash"}
    out["history"] = [a for a in state["history"] if a < T.CH_BACK]
    out["chance_count"] = state["chance_count"] - len(backs)
    out["structure"] = [{k: v for k, v in slot.items() if k != "back"}
                        for slot in state["structure"]]
    return out


def _scored_as_now(saved: dict) -> dict:
    """A final state saved before a military victory's winner scored the capital as the
    farthest zone (they read 0 military VP there): the same result, scored as today."""
    result = saved["result"]
    if result["victory"] != "military":
        return saved
    score = dict(result["scores"][result["winner"]])
    assert score["military"] == 0
    score["military"] = T.points_at[T.supremacy_at]
    score["total"] += score["military"]
    scores = list(result["scores"])
    scores[result["winner"]] = score
    return {**saved, "result": {**result, "scores": scores}}


def test_format_one_records_replay_to_the_same_game_with_the_guild_backs_filled_in():
    backs_seen = 0
    for entry in _entries("records-v1-guild-backs.json"):
        assert entry["record"]["format"] == FORMATS[0]
        game = replay_record(RULESET, entry["record"], check_source_hash=False)
        final = game.to_json()
        assert _without_backs(final) == _without_backs(_scored_as_now(entry["final"]))
        backs = [a - T.CH_BACK for a in final["history"] if a >= T.CH_BACK]
        backs_seen += len(backs)
        # A slot turned up as a guild had a guild back; the guilds never turned up lie on
        # the face-down slots never turned over, in slot order.
        texts = entry["record"]["actions"]
        turned = {int(t.rsplit(" ", 1)[1]) for t in texts
                  if t.startswith("turn up") and "Guild" in t and " in slot " in t}
        assert turned <= set(backs)
        hidden = [s for s, slot in enumerate(final["structure"]) if slot.get("back") == "guild"]
        never = [s for s, slot in enumerate(entry["final"]["structure"])
                 if T.structures[3][2][s] and not slot["face_up"] and not slot["taken"]]
        assert hidden == never[:len(hidden)]
        assert sorted(turned | set(hidden)) == sorted(backs) or not turned
    assert backs_seen >= 5


def test_the_first_format_one_fixture_still_replays_unchanged():
    """records-v1.json (the engine of issue 9) dealt its guilds face up: no back to infer."""
    for entry in _entries("records-v1.json"):
        game = replay_record(RULESET, entry["record"], check_source_hash=False)
        assert all(a < T.CH_BACK for a in game.history)
        assert game.history == entry["final"]["history"]


def test_a_format_one_record_upgrades_to_format_two():
    for entry in _entries("records-v1-guild-backs.json") + _entries("records-v1.json"):
        upgraded = upgrade_record(RULESET, entry["record"], check_source_hash=False)
        assert upgraded["format"] == RECORD_FORMAT
        assert upgraded["source_hash"] == entry["record"]["source_hash"]
        actions = upgraded["actions"]
        backs = [i for i, a in enumerate(actions) if a.startswith("guild back in slot ")]
        if backs:  # right after the Age III set-up's face-up cards
            deals = [i for i, a in enumerate(actions) if a.startswith("deal ")]
            assert backs == list(range(deals[-1] + 1, deals[-1] + 1 + len(backs)))
        old = replay_record(RULESET, entry["record"], check_source_hash=False)
        new = replay_record(RULESET, upgraded, check_source_hash=False)
        assert new.to_json() == old.to_json()
        assert upgrade_record(RULESET, upgraded, check_source_hash=False) == upgraded


def test_format_two_records_replay_to_their_final_state():
    for entry in _entries("records-v2.json"):
        assert entry["record"]["format"] == RECORD_FORMAT
        assert any(a.startswith("guild back in slot ") for a in entry["record"]["actions"])
        game = replay_record(RULESET, entry["record"], check_source_hash=False)
        final = {k: v for k, v in game.to_json().items() if k != "source_hash"}
        saved = _scored_as_now(entry["final"])  # saved before the capital scored
        assert final == {k: v for k, v in saved.items() if k != "source_hash"}


@pytest.mark.parametrize("seed", range(6))
def test_a_game_round_trips_through_a_format_two_record(seed):
    from wondersmith.engine import Game
    g = Game(RULESET, seed=seed)
    rng = random.Random(seed)
    while g.result is None:
        g.apply(rng.choice(g.legal_actions()))
    record = json.loads(json.dumps(game_record(g)))
    assert record["format"] == RECORD_FORMAT
    assert replay_record(RULESET, record).to_json() == g.to_json()


def test_a_record_that_turns_a_guild_up_under_an_age_back_is_refused():
    record = json.loads(json.dumps(_entries("records-v2.json")[0]["record"]))
    actions = record["actions"]
    back = next(i for i, a in enumerate(actions) if a.startswith("guild back in slot "))
    slot = int(actions[back].rsplit(" ", 1)[1])
    taken = {int(a.rsplit(" ", 1)[1]) for a in actions if a.startswith("guild back in slot ")}
    other = next(s for s in T.face_down_slots[3] if s not in taken)
    actions[back] = f"guild back in slot {other}"  # the guild's back on another slot
    turn = next(i for i, a in enumerate(actions)
                if i > back and a.startswith("turn up ") and a.endswith(f" in slot {slot}"))
    with pytest.raises(RecordFormatError, match=rf"^actions\[{turn}\] '.*': illegal action \d+: "
                                                rf"slot {slot} shows an Age back, so its card is "
                                                "not a guild: .* is one$"):
        replay_record(RULESET, record, check_source_hash=False)


def test_a_format_one_record_with_a_bad_action_after_the_backs_names_that_action():
    entry = _entries("records-v1-guild-backs.json")[1]
    record = json.loads(json.dumps(entry["record"]))
    i = next(i for i, a in enumerate(record["actions"]) if a.startswith("turn up") and "Guild" in a)
    record["actions"][i] = "turn up Nowhere Guild"
    with pytest.raises(RecordFormatError, match=rf"^actions\[{i}\] 'turn up Nowhere Guild': "):
        replay_record(RULESET, record, check_source_hash=False)


def test_an_unknown_record_format_names_both_it_reads():
    record = dict(_entries("records-v2.json")[0]["record"], format="wondersmith.engine.record/3")
    with pytest.raises(RecordFormatError, match=r"format: expected 'wondersmith\.engine\.record/2' "
                                                r"\(or format 1, 'wondersmith\.engine\.record/1'\)"):
        replay_record(RULESET, record)

"""What the OpenSpiel and PettingZoo adapters share, read through the engine's public API:
who decides now, the returns of a finished game, a bound on the number of decisions and a
text view of the state. It imports neither library.

Returns: a finished game pays +1 to the winner and -1 to the loser, 0 to both after a shared
victory (a draw). With more seats the same rule stays zero-sum: the winners (those who share
the victory: `bots.winning_seats`) split +1, the others split -1, and a victory shared by
every seat pays 0.
"""
from __future__ import annotations

from typing import Any

from wondersmith.engine import Game, runtime
from wondersmith.engine.bots import winning_seats

MIN_RETURN = -1.0
MAX_RETURN = 1.0


def action_count(game: Game) -> int:
    """The number of action ids (player actions and chance outcomes share them)."""
    return len(game.legal_mask(0))


def observation_size(game: Game) -> int:
    return len(game.observation_vector(0))


def deciders(game: Game) -> tuple[int, ...]:
    """The seats choosing now: () at chance nodes and once the game is over.

    Where several seats choose at once (classic 7 Wonders: everyone picks a card from their
    hand at the same time) the engine asks them one at a time, `current_player` naming the
    next, and hides each choice from the others until the last has chosen; so this is the
    current player, and both adapters present such a decision as turns with hidden choices,
    the form OpenSpiel's algorithms take (docs/rl.md, "Classic 7 Wonders")."""
    player = game.current_player
    return (player,) if player >= 0 else ()


def returns(game: Game, seats: int) -> list[float]:
    """Per seat: 0 while the game goes on, then the module docstring's rule."""
    if game.result is None:
        return [0.0] * seats
    won = winning_seats(game)
    if len(won) == seats:
        return [0.0] * seats
    lost = seats - len(won)
    return [MAX_RETURN / len(won) if s in won else MIN_RETURN / lost for s in range(seats)]


def max_decisions(ruleset: runtime.Ruleset, players: int | None = None) -> int:
    """An upper bound on the player decisions (chance outcomes not counted) of one game of
    `ruleset` at a table of `players` seats (default: the ruleset's). It reads only the
    components, the structures and the rules record; tests/rl/test_rl_seats.py checks it on
    random games."""
    if ruleset.boards:
        return _hand_draft_decisions(ruleset, players or ruleset.players)
    return _structure_decisions(ruleset)


def city_count(game: Game) -> int:
    """The cities at the table: the players', and the Free City of classic's 2-player
    variant, which nobody sits at."""
    return len(game.to_json()["players"])


def max_joint_decisions(ruleset: runtime.Ruleset, players: int, cities: int) -> int:
    """An upper bound on the decision nodes of one game in the simultaneous-move form
    (spiel_joint.py), where a decision every seat takes at once is one node: for classic,
    each turn of an Age is one node of all the players (a 7th card played too), one more
    for a Free City's card (`cities - players`), and Halikarnassos's decisions as in
    `_hand_draft_decisions`. Other rulesets: `max_decisions`, a bound here too (a joint
    node stands for at least one of the turn-based form's decisions)."""
    if not ruleset.boards:
        return max_decisions(ruleset, players)
    turns = sum(age["hand"] for age in ruleset.rules["ages"])
    stages = sum(len(stages) for board in ruleset.boards for _, stages in board.sides)
    return turns * (1 + cities - players) + 2 * stages


def _hand_draft_decisions(ruleset: runtime.Ruleset, players: int) -> int:
    """Classic 7 Wonders: every decision of a turn takes a card from a hand (a 7th card
    played with Babylon B too), so an Age has at most one per card dealt; the Free City of
    the 2-player variant plays from a pile of its own, counted as one seat more. Besides,
    a Wonder stage may queue a decision of its own (Halikarnassos builds from the discard
    pile), at most two per stage as for Duel's effect builds."""
    dealt = sum(age["hand"] for age in ruleset.rules["ages"]) * (players + 1)
    stages = sum(len(stages) for board in ruleset.boards for _, stages in board.sides)
    return dealt + 2 * stages


def _structure_decisions(ruleset: runtime.Ruleset) -> int:
    """The Duel family, with a card structure per Age.

    Each decision uses something up or is queued by a build: a draft pick takes a Wonder, a
    turn takes a card of the structure (playing again takes another), a science pair or the
    Great Library takes a progress token, destroying a building or building from the discard
    pile is queued by the build of a Wonder (each is built once at most) or of a building
    with an on-build effect (at most two such choices each), and who starts an Age is chosen
    once per Age after the first.
    """
    slots = sum(len(structure.slots()) for structure in ruleset.structures)
    effect_builds = len(ruleset.wonders) + sum(
        1 for building in ruleset.buildings if building.has_on_build)
    return len(ruleset.wonders) + slots + len(ruleset.tokens) + 2 * effect_builds + ruleset.ages - 1


def describe(game: Game, seats: tuple[int, ...] | None = None) -> str:
    """The table as a few lines of text, for people (the ansi render, OpenSpiel's
    `str(state)`): what a spectator sees, and the legal actions of the seats to move
    (`seats`, by default `deciders(game)`; several in the simultaneous-move form). Each
    city's coins and buildings, then what the game's mechanics put on the table: Duel's
    pawn, Wonders, tokens, the structure's face-up cards (face-down ones as a count) and the
    draft; classic's boards with their stages built, conflict tokens, and the number of
    cards in each hand and in the discard pile (all face down)."""
    data = game.to_json()
    ruleset = game.ruleset
    name = _namer(ruleset)
    mechanics = type(game).MECHANICS
    more = data.get("mechanics", {})
    seats = deciders(game) if seats is None else seats
    lines = [f"{ruleset.name} · Age {data['age']} · {_whose_turn(game, seats)}"]
    if "military_track" in mechanics:
        lines.append(f"military pawn: {data['pawn']:+d} (towards player 1 when positive)")
    for seat, city in enumerate(data["players"]):
        parts = [f"{_city(game, seat)}: {city['coins']} coins", f"buildings: {_names(name, city['buildings'])}"]
        if "wonder_draft" in mechanics:
            wonders = ", ".join(f"{name(w['id'])} ({w['status']})" for w in city["wonders"])
            parts.append(f"Wonders: {wonders or '-'}")
        if "progress_tokens" in mechanics:
            parts.append(f"tokens: {_names(name, city['tokens'])}")
        if "wonder_boards" in mechanics:
            board = more["wonder_boards"]["boards"][seat]
            stages = len(more["wonder_boards"]["stages"][seat])
            parts.append(f"board: {name(board['board'])} {board['side'].upper()}, {stages} stage"
                         f"{'' if stages == 1 else 's'} built" if board else "board: -")
        if "conflicts" in mechanics:
            tokens = more["conflicts"]["conflict_tokens"][seat]
            parts.append(f"conflict tokens: {', '.join(f'{t:+d}' for t in tokens) or '-'}")
        if "hand_draft" in mechanics:
            parts.append(f"hand: {len(more['hand_draft']['hands'][seat])} cards")
        lines.append(" · ".join(parts))
    if "card_structure" in mechanics:
        face_up = [slot["card"] for slot in data["structure"] if slot["face_up"] and not slot["taken"]]
        hidden = sum(1 for slot in data["structure"] if not slot["face_up"] and not slot["taken"])
        lines.append(f"structure: {_names(name, face_up)}; {hidden} face down")
    if "progress_tokens" in mechanics:
        lines.append(f"progress tokens on the board: {_names(name, data['board_tokens'])}")
    if data.get("draft"):  # wonder_draft's
        lines.append(f"Wonders to draft: {_names(name, data['draft'])}")
    if "hand_draft" in mechanics:
        lines.append(f"discard pile: {len(data['discard'])} cards, face down")
    if len(seats) == 1:
        lines.append("legal: " + "; ".join(game.legal_texts()))
    for seat in seats if len(seats) > 1 else ():
        lines.append(f"legal for player {seat}: " + "; ".join(game.legal_texts(seat)))
    return "\n".join(lines)


def _whose_turn(game: Game, seats: tuple[int, ...]) -> str:
    result = game.result
    if result is not None:
        totals = "-".join(str(score["total"]) for score in result.scores)
        won = ("shared victory" if result.winner is None
               else f"player {result.winner} wins")
        return f"over: {won} ({result.victory}), {totals} VP"
    if not seats:
        return f"chance: {game.decision}"
    city = game.stack[-1][1]  # the city decided for: the Free City's, by its card's holder
    whose = f" for the {_city(game, city)}" if city not in seats else ""
    return f"player {', '.join(map(str, seats))} to decide{whose}: {game.decision}"


def _city(game: Game, seat: int) -> str:
    """"player k", or the Free City of the 2-player variant: a city after the players',
    which nobody sits at (its card's holder decides for it)."""
    return "Free City" if seat >= game.players else f"player {seat}"


def _namer(ruleset: runtime.Ruleset):
    by_id: dict[str, Any] = ruleset.by_id
    return lambda component_id: by_id[component_id].name if component_id in by_id else component_id


def _names(name, ids: list[str]) -> str:
    return ", ".join(name(i) for i in ids) or "-"

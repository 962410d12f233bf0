"""Layer 3 for Agora's conspiracies (mechanic `conspiracies`): the deck names tokens whose
effects are played when triggered, and the verbs that only the mechanic plays are used in a
game that lists it. They register with `wondersmith.validate.semantics`."""
from __future__ import annotations

from typing import Iterator

from wondersmith.diagnostics import Diagnostic, did_you_mean
from wondersmith.dsl.terms import ON_BUILD
from wondersmith.ir.model import Game
from wondersmith.validate.semantics import at, check_, effects_of, in_game
from wondersmith.validate.strict_yaml import Document

MECHANIC = "conspiracies"
# The verbs only the mechanic plays (its engine's verbs; docs/dsl.md).
VERBS = ("conspire", "keep_all_conspiracies", "trigger_unprepared", "take_wonder", "take_coins",
         "lock_token", "build_from_structure", "build_left_out", "discard_from_structure",
         "take_building", "swap_building", "destroy_wonder")


@check_(whole_game=True, needs=MECHANIC)
def conspiracy_deck(game: Game, doc: Document) -> Iterator[Diagnostic]:
    """Each conspiracy is a token of the game whose effects are all played when it is
    triggered (on build): none that lasts or scores at the end."""
    tokens = {t.id: t for t in game.tokens}
    for i, cid in enumerate(game.rules[MECHANIC]["deck"]):
        token = tokens.get(cid)
        if token is None:
            yield in_game(doc, (MECHANIC, "deck", i), "WS345",
                          f"conspiracy {cid!r} is not a token of the game",
                          did_you_mean(cid, set(tokens)) or "name a token of `tokens`")
            continue
        for part, effect in effects_of(token):
            if effect.TIMING != ON_BUILD:
                yield at(token, part, "WS346",
                         f"conspiracy {cid!r} has the effect `{effect.VERB}` "
                         f"({effect.TIMING}); a conspiracy's effects are played when it is "
                         "triggered", "give it effects on build only (coins, destroy, ...)")


@check_
def conspiracy_verbs(game: Game, doc: Document) -> Iterator[Diagnostic]:
    """The conspiracies' verbs need the mechanic: without it, nothing would play them."""
    if MECHANIC in game.mechanics:
        return
    for item in game.components():
        for part, effect in effects_of(item):
            if effect.VERB in VERBS:
                yield at(item, part, "WS347",
                         f"`{effect.VERB}` is played by the mechanic {MECHANIC!r}, which this "
                         "game's `mechanics` do not list",
                         f"add {MECHANIC} to `mechanics` (and its `{MECHANIC}` section)")

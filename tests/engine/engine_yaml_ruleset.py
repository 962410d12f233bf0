"""An independent, test-only reading of cards/duel/*.yaml and cards/classic/*.yaml (and of a
game that extends Duel, Agora's cards/agora/ among them: `load_duel(folder)`) into a
`runtime.Ruleset`; Agora's verbs are read in engine_yaml_agora.py.

It exists so the engine can be exercised before `generated/<game>` is available, and so
the generated package can be checked against a second reading of the same data. It
interprets effects with closures instead of generating code. Classic's attributes follow
the contract of `runtime.py` (copies, science_choice, neighbour_prices, boards with sides
of stage cards, player_counts).
"""
from __future__ import annotations

from pathlib import Path

import yaml

from wondersmith.engine.mechanics.catalogue import RULE_SECTIONS

from wondersmith.engine import runtime as rt

import engine_yaml_agora as agora

CARDS = Path(__file__).resolve().parents[2] / "cards"
DATA = CARDS / "duel"
CLASSIC_RULE_SECTIONS = ("ages", "setup", "turn", "trade", "discard", "conflicts", "science",
                         "scoring", "two_player_variant")


def _count(game, player, amount) -> int:
    if isinstance(amount, int):
        return amount
    per, city = amount["per"], amount.get("in", "self")
    every, value = amount.get("every", 1), amount.get("amount", 1)
    colors = tuple(amount.get("colors", ()))

    def measure(p):
        if per == "cards":
            return game.count_cards(p, colors)
        if per == "wonders":
            return game.count_wonders(p)
        if per == "tokens":
            return game.count_tokens(p)
        if per == "defeat_tokens":
            return game.count_defeats(p)
        if per == "cubes":
            return game.count_cubes(p)
        if per == "age":  # in no city
            return game.current_age()
        return game.count_coins(p)

    if city == "self":
        n = measure(player)
    elif city == "neighbours":
        n = sum(measure(q) for q in game.neighbours(player))
    else:
        n = max(measure(player), *(measure(q) for q in game.neighbours(player)))
    return value * (n // every)


def _verb(effect) -> tuple[str, object]:
    """An effect's verb and value (None for a bare verb)."""
    if isinstance(effect, str):
        return effect, None
    ((name, value),) = effect.items()
    return name, value


def _lose_coins(amount) -> agora.Step:
    def lose(game, player):
        # A counted amount is counted in the city of each who loses (Embezzlement: their own
        # cubes, agora-rulings 17).
        for q in game.neighbours(player):
            game.lose_coins(q, _count(game, q, amount))
    return lose


def _step(name: str, value) -> agora.Step:
    """One on-build effect as a function `(game, player)`."""
    if name == "coins":
        return lambda game, player: game.gain_coins(player, _count(game, player, value))
    if name == "lose_coins":
        return _lose_coins(value["amount"])
    if name == "destroy":
        return lambda game, player, colors=tuple(value["colors"]): game.destroy(player, colors)
    if name == "build_from_discard" and (value or {}).get("when"):
        return lambda game, player: game.build_from_discard(player, when=value["when"])
    if name == "build_from_discard":
        return lambda game, player: game.build_from_discard(player)
    if name == "take_token":
        draw = value.get("draw", 1)
        draw = 0 if draw == "all" else draw  # 0: every token of the source
        return lambda game, player: game.take_token(player, value["from"], draw)
    if name == "play_again":  # inside `whenever` (a card's own play_again is an attribute)
        return lambda game, player: game.play_again(player)
    if name in agora.ON_BUILD:
        return agora.ON_BUILD[name](value)
    raise ValueError(name)  # pragma: no cover - the data uses no other verb


def _steps(effects) -> tuple[agora.Step, ...]:
    return tuple(_step(*_verb(e)) for e in effects)


def _method(steps: tuple[agora.Step, ...]):
    """A card method that plays these steps in order."""
    def run(self, game, player):
        for step in steps:
            step(game, player)
    return run


def _make_card(entry: dict, kind: str, age: int, resources: tuple[str, ...],
               circle: bool = False, **extra) -> type[rt.Card]:
    attrs: dict = {
        "id": entry["id"], "name": entry["name"], "kind": kind, "age": age,
        "color": entry.get("color", ""),
        "chain_gives": entry.get("chain_gives"), "chain_from": entry.get("chain_from"),
        "copies": tuple(entry.get("copies", ())), **extra,
    }
    neighbour_prices = []
    cost = dict(entry.get("cost", {}))
    attrs["cost_coins"] = cost.pop("coins", 0)
    attrs["cost"] = tuple(cost.get(r, 0) for r in resources)
    on_build, end_points, on_chain, on_draft = [], [], [], []
    one_of, prices, discounts, bonus, coin_symbols, cuts = [], [], [], [], [], []
    triggers, choices = [], []
    for eff in entry.get("effects", []):
        name, value = _verb(eff)
        if name == "produce":
            attrs["produces"] = tuple(value.get(r, 0) for r in resources)
        elif name == "produce_one_of":
            one_of.append(tuple(resources.index(r) for r in value))
        elif name == "trade_price" and circle:  # `from` left, right or (the default) both
            where = value.get("from", "neighbours")
            sides = ("left", "right") if where == "neighbours" else (where,)
            neighbour_prices += [(resources.index(r), value["price"], side)
                                 for r in value["resources"] for side in sides]
        elif name == "trade_price" and "less" in value:  # the bank's price lowered
            cuts += [(resources.index(r), value["less"], value["at_least"])
                     for r in value["resources"]]
        elif name == "trade_price":
            prices += [(resources.index(r), value["price"]) for r in value["resources"]]
        elif name == "science_choice":
            attrs["science_choice"] = tuple(value)
        elif name == "play_seventh_card":
            attrs["play_seventh_card"] = True
        elif name == "free_build":
            attrs["free_build_per_age"] = value["once_per"] == "age"
        elif name == "copy_guild":
            attrs["copy_guild"] = value["from"]
        elif name == "discount" and "symbols" in value:  # a coin cost may count as a symbol
            discounts.append((value["for"], value["symbols"]))
            coin_symbols.append(value["for"])
        elif name == "discount":
            discounts.append((value["for"], value["resources"]))
        elif name == "shield_bonus":
            bonus += [(c, value["amount"]) for c in value["colors"]]
        elif name == "science":
            attrs["science"] = value
        elif name == "wonders_play_again":
            attrs["wonders_play_again"] = True
        elif name == "collect_trade_spend":
            attrs["collect_trade_spend"] = True
        elif name == "shields":
            attrs["shields"] = value
        elif name == "play_again":
            attrs["play_again"] = True
        elif name == "points" and isinstance(value, int):
            attrs["points"] = value
        elif name == "points":
            end_points.append(value)
        elif name == "whenever" and value["event"] == "chain_build":
            on_chain += _steps(value["effects"])
        elif name == "whenever":  # build or wonder: the engine calls on_trigger_<index>
            triggers.append(((value["event"], value.get("by", "self") == "anyone",
                              tuple(value.get("colors", ())), tuple(value.get("cards", ()))),
                             _steps(value["effects"])))
        elif name == "on_draft":
            on_draft += _steps(value)
        elif name == "one_of":  # the engine calls choice_<j>_<k> for option k
            options = [_verb(option) for option in value]
            choices.append((tuple(agora.option_words(*o) for o in options),
                            tuple((_step(*o),) for o in options)))
            on_build.append(lambda game, player, j=len(choices) - 1:
                            game.one_of(player, entry["id"], j))
        elif name in agora.ONGOING:
            attrs.update(agora.ONGOING[name](value))
        else:
            on_build.append(_step(name, value))
    attrs["produces_one_of"] = tuple(one_of)
    attrs["trade_prices"] = tuple(prices)
    attrs["discounts"] = tuple(discounts)
    attrs["coin_symbols"] = tuple(coin_symbols)
    attrs["trade_cuts"] = tuple(cuts)
    attrs["shield_bonus"] = tuple(bonus)
    attrs["neighbour_prices"] = tuple(neighbour_prices)
    attrs["triggers"] = tuple(trigger for trigger, _ in triggers)
    for i, (_, steps) in enumerate(triggers):
        attrs[f"on_trigger_{i}"] = _method(steps)
    attrs["choices"] = tuple(words for words, _ in choices)
    for j, (_, options) in enumerate(choices):
        for k, steps in enumerate(options):
            attrs[f"choice_{j}_{k}"] = _method(steps)
    for method, steps in (("on_build", on_build), ("on_chain_build", on_chain),
                          ("on_draft", on_draft)):
        if steps:
            attrs[method] = _method(tuple(steps))
            attrs[f"has_{method}"] = True
    if end_points:
        def _end_points(self, game, player, _amounts=tuple(end_points)):
            return sum(_count(game, player, a) for a in _amounts)
        attrs["end_points"] = _end_points
        attrs["has_end_points"] = True
    return type(entry["id"], (rt.Card,), attrs)


def _make_board(entry: dict, resources: tuple[str, ...]) -> type[rt.Card]:
    sides = []
    for side, data in entry["sides"].items():
        stages = tuple(
            _make_card({**stage, "id": f"{entry['id']}_{side}_{n}", "name": entry["name"]},
                       rt.STAGE, 0, resources, True, board=entry["id"], side=side, stage=n)
            for n, stage in enumerate(data["stages"], start=1))
        sides.append((side, stages))
    return type(entry["id"], (rt.Card,), {
        "id": entry["id"], "name": entry["name"], "kind": rt.BOARD,
        "produces": tuple(entry.get("produces", {}).get(r, 0) for r in resources),
        "sides": tuple(sides)})


def load(game_id: str = "duel") -> rt.Ruleset:
    return load_classic() if game_id == "classic" else load_duel(CARDS / game_id)


def load_classic() -> rt.Ruleset:
    folder = CARDS / "classic"
    game = yaml.safe_load((folder / "game.yaml").read_text())
    resources = tuple(game["resources"]["raw"] + game["resources"]["manufactured"])
    buildings = []
    for name in ("age1", "age2", "age3", "guilds"):
        data = yaml.safe_load((folder / f"{name}.yaml").read_text())
        buildings += [_make_card(e, rt.BUILDING, data["age"], resources, True)
                      for e in data["buildings"]]
    boards = tuple(_make_board(e, resources)
                   for e in yaml.safe_load((folder / "wonders.yaml").read_text())["boards"])
    low, high = game["players"]["min"], game["players"]["max"]
    counts = tuple(range(low, high + 1))
    if "two_player_variant" in game:
        counts = (game["two_player_variant"]["players"], *counts)
    return rt.Ruleset(
        game="classic", name=game["name"], players=low, seating=game["seating"],
        mechanics=tuple(game["mechanics"]), resources=resources,
        raw_resources=tuple(game["resources"]["raw"]), colors=tuple(game["colors"]),
        science_symbols=tuple(game["science_symbols"]), ages=len(game["ages"]),
        buildings=tuple(buildings), wonders=(), tokens=(), structures=(),
        rules={k: game[k] for k in CLASSIC_RULE_SECTIONS if k in game},
        boards=boards, player_counts=counts,
    )


def _merged(base, extension):
    """game.yaml laid over its base's: mappings key by key, anything else replaced."""
    if not (isinstance(base, dict) and isinstance(extension, dict)):
        return extension
    return {**base, **{k: _merged(base.get(k), v) for k, v in extension.items()}}


def _base_folder(folder: Path, game_id: str) -> Path:
    """The game of that id among the folders beside `folder` (docs/dsl.md, "A game that
    extends another")."""
    for other in sorted(folder.parent.iterdir()):
        path = other / "game.yaml"
        if other != folder and path.is_file() and yaml.safe_load(path.read_text())["id"] == game_id:
            return other
    raise ValueError(f"{folder.name} extends {game_id!r}: no such game beside it")


def _resolved(folder: Path) -> tuple[dict, dict[str, list[tuple[int, dict]]]]:
    """A game folder's game.yaml and its (Age, entry) of each kind, an extension's over its
    base's: game.yaml mapping by mapping, the components after the base's, a base's
    component replaced in its place only where `replaces:` lists its id."""
    game = yaml.safe_load((folder / "game.yaml").read_text())
    entries: dict[str, list[tuple[int, dict]]] = {"buildings": [], "wonders": [], "tokens": []}
    replaces: set[str] = set()
    if "extends" in game:
        base, entries = _resolved(_base_folder(folder, game.pop("extends")))
        added = game.pop("added_mechanics", [])
        replaces = set(game.pop("replaces", []))
        game = _merged(base, game)
        game["mechanics"] = [*game["mechanics"], *added]
    replaced = set()
    for path in sorted(folder.glob("*.yaml")):
        if path.name == "game.yaml":
            continue
        data = yaml.safe_load(path.read_text())
        for kind, items in entries.items():
            for entry in data.get(kind, ()):
                at = [i for i, (_, old) in enumerate(items) if old["id"] == entry["id"]]
                if at and entry["id"] not in replaces:
                    raise ValueError(f"{path}: {entry['id']!r} is a base component's id, and "
                                     "game.yaml's replaces: does not list it")
                if at:  # replaced in its place
                    items[at[0]] = (data.get("age", 0), entry)
                    replaced.add(entry["id"])
                else:
                    items.append((data.get("age", 0), entry))
    if replaces - replaced:
        raise ValueError(f"{folder}: replaces: lists {sorted(replaces - replaced)}, no base "
                         "component the extension gives anew")
    return game, entries


def load_duel(folder: Path = DATA) -> rt.Ruleset:
    """Duel, or a game of Duel's mechanics in `folder` (a game that extends Duel included)."""
    game, entries = _resolved(folder)
    resources = tuple(game["resources"]["raw"] + game["resources"]["manufactured"])
    buildings = [_make_card(e, rt.BUILDING, age, resources) for age, e in entries["buildings"]]
    wonders = [_make_card(e, rt.WONDER, 0, resources) for _, e in entries["wonders"]]
    tokens = [_make_card(e, rt.TOKEN, 0, resources) for _, e in entries["tokens"]]
    return rt.Ruleset(
        game=game["id"], name=game["name"], players=2, seating=game["seating"],
        mechanics=tuple(game["mechanics"]), resources=resources,
        raw_resources=tuple(game["resources"]["raw"]), colors=tuple(game["colors"]),
        science_symbols=tuple(game["science_symbols"]), ages=3,
        buildings=tuple(buildings), wonders=tuple(wonders), tokens=tuple(tokens),
        structures=tuple(
            rt.Structure(s["age"], tuple(rt.StructureRow(tuple(r["columns"]), r.get("face_down", False))
                                         for r in s["rows"]))
            for s in game["structures"]),
        rules={k: game[k] for k in (*RULE_SECTIONS, *agora.RULE_SECTIONS) if k in game},
    )

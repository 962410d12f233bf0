"""An independent, test-only reading of cards/duel/*.yaml and cards/classic/*.yaml (and of a
game that extends Duel: `load_duel(folder)`) into a `runtime.Ruleset`.

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
        return game.count_coins(p)

    if city == "self":
        n = measure(player)
    elif city == "neighbours":
        n = sum(measure(q) for q in game.neighbours(player))
    else:
        n = max(measure(player), *(measure(q) for q in game.neighbours(player)))
    return value * (n // every)


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
    on_build, end_points, on_chain = [], [], []
    one_of, prices, discounts, bonus = [], [], [], []
    for eff in entry.get("effects", []):
        if isinstance(eff, str):
            name, value = eff, None
        else:
            ((name, value),) = eff.items()
        if name == "produce":
            attrs["produces"] = tuple(value.get(r, 0) for r in resources)
        elif name == "produce_one_of":
            one_of.append(tuple(resources.index(r) for r in value))
        elif name == "trade_price" and circle:  # `from` left, right or (the default) both
            where = value.get("from", "neighbours")
            sides = ("left", "right") if where == "neighbours" else (where,)
            neighbour_prices += [(resources.index(r), value["price"], side)
                                 for r in value["resources"] for side in sides]
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
        elif name == "points":
            if isinstance(value, int):
                attrs["points"] = value
            else:
                end_points.append(value)
        elif name == "coins":
            on_build.append(("coins", value))
        elif name == "lose_coins":
            on_build.append(("lose", value["amount"]))
        elif name == "destroy":
            on_build.append(("destroy", tuple(value["colors"])))
        elif name == "build_from_discard":
            on_build.append(("revive", (value or {}).get("when")))
        elif name == "take_token":
            on_build.append(("token", (value["from"], value.get("draw", 1))))
        elif name == "whenever":
            on_chain += [e["coins"] for e in value["effects"]]
        else:  # pragma: no cover - the data uses no other verb
            raise ValueError(name)
    attrs["produces_one_of"] = tuple(one_of)
    attrs["trade_prices"] = tuple(prices)
    attrs["discounts"] = tuple(discounts)
    attrs["shield_bonus"] = tuple(bonus)
    attrs["neighbour_prices"] = tuple(neighbour_prices)

    if on_build:
        def _on_build(self, game, player, _effects=tuple(on_build)):
            for what, value in _effects:
                if what == "coins":
                    game.gain_coins(player, _count(game, player, value))
                elif what == "lose":
                    for q in game.neighbours(player):
                        game.lose_coins(q, value)
                elif what == "destroy":
                    game.destroy(player, value)
                elif what == "revive" and value:
                    game.build_from_discard(player, when=value)
                elif what == "revive":
                    game.build_from_discard(player)
                else:
                    game.take_token(player, value[0], value[1])
        attrs["on_build"] = _on_build
        attrs["has_on_build"] = True
    if end_points:
        def _end_points(self, game, player, _amounts=tuple(end_points)):
            return sum(_count(game, player, a) for a in _amounts)
        attrs["end_points"] = _end_points
        attrs["has_end_points"] = True
    if on_chain:
        def _on_chain(self, game, player, _coins=tuple(on_chain)):
            for c in _coins:
                game.gain_coins(player, c)
        attrs["on_chain_build"] = _on_chain
        attrs["has_on_chain_build"] = True
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
    return load_classic() if game_id == "classic" else load_duel()


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


def _resolved(folder: Path) -> tuple[dict, dict[str, list[tuple[int, dict]]]]:
    """A game folder's game.yaml and its (Age, entry) of each kind, an extension's over its
    base's (the base by folder name, as the data of this repository names them)."""
    game = yaml.safe_load((folder / "game.yaml").read_text())
    entries: dict[str, list[tuple[int, dict]]] = {"buildings": [], "wonders": [], "tokens": []}
    if "extends" in game:
        base, entries = _resolved(folder.parent / game["extends"])
        added = game.pop("added_mechanics", [])
        game = _merged(base, game)
        game["mechanics"] = [*game["mechanics"], *added]
        for key in ("extends", "replaces"):
            game.pop(key, None)
    for path in sorted(folder.glob("*.yaml")):
        if path.name == "game.yaml":
            continue
        data = yaml.safe_load(path.read_text())
        for kind, items in entries.items():
            for entry in data.get(kind, ()):
                at = [i for i, (_, old) in enumerate(items) if old["id"] == entry["id"]]
                if at:  # replaced in its place
                    items[at[0]] = (data.get("age", 0), entry)
                else:
                    items.append((data.get("age", 0), entry))
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
        rules={k: game[k] for k in RULE_SECTIONS},
    )

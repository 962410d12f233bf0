"""`card_structure`'s part of a ruleset's tables: each Age's deck and structure, the guilds,
and its set-up and discard numbers, in the integer form its handlers read every turn (worked
out once per ruleset, by `card_structure.extend_tables`)."""
from __future__ import annotations


def flatten(t, config) -> None:
    """Set on tables `t` what card_structure reads, from its `Config`."""
    t.guild_color = guild_color = t.color_index.get(config.guild_color, -2)
    t.age_decks = {age: [i for i in range(t.NB) if t.age[i] == age and t.color[i] != guild_color]
                   for age in range(1, t.ages + 1)}
    t.guilds = [i for i in range(t.NB) if t.color[i] == guild_color]
    # Per Age: how many slots cover each slot, the slots each covers, which are dealt face
    # down, and the layout of its rows.
    t.structures = {}
    for st in t.ruleset.structures:
        covered_by = st.covered_by()
        covers = [[] for _ in covered_by]
        for s, coverers in enumerate(covered_by):
            for u in coverers:
                covers[u].append(s)
        face_down = tuple(row.face_down for row in st.rows for _ in row.columns)
        t.structures[st.age] = (tuple(len(c) for c in covered_by), tuple(tuple(c) for c in covers),
                                face_down, st.slots())
    t.covers = {age: st[1] for age, st in t.structures.items()}
    # The slots dealt face up when an Age is set up, in the order they are dealt.
    t.dealt_slots = {age: tuple(s for s, down in enumerate(st[2]) if not down)
                     for age, st in t.structures.items()}
    t.discard_coins = config.discard_coins
    t.discard_bonus = config.discard_bonus
    t.discard_bonus_colors = tuple(t.color_index[c] for c in config.discard_bonus_colors)
    t.removed_cards_per_age = config.removed_cards_per_age
    t.guild_age = config.guild_age
    t.guilds_drawn = config.guilds_drawn

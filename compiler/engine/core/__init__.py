"""The engine's core: seats, the decision stack and its node kinds, simultaneous decisions,
chance and history. Mechanics (`wondersmith.engine.mechanics`) build the rules on it."""

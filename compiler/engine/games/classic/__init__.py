"""Classic 7 Wonders' presentation: its action ids (actions.py), their words (texts.py),
what a seat sees (view.py), why an action is refused (explain.py) and its mechanics' parts
of a position (positions.py)."""

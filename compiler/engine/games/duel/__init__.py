"""7 Wonders Duel's presentation: the words of its actions (texts.py) and its mechanics'
parts of a position (positions.py)."""

"""What belongs to one published game rather than to a rule mechanic: the words of its
actions, what its seats see, why its actions are refused, its part of a position, and
classic's action ids shared by its mechanics. One folder per game. The mechanics import from
here, never the other way round, but for classic's explain.py, which names the kinds of three
classic mechanics: state.py loads it once every mechanic has registered its kinds."""

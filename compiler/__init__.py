"""wondersmith: a rules-data compiler and validation toolkit for the 7 Wonders family of games.

The Python API (docs/embedding.md):

    import wondersmith
    wondersmith.validate_paths(["cards"])   # list of Diagnostic, [] when clean
    wondersmith.load_game("cards/duel")     # the typed Game, or InvalidDataError
    wondersmith.load_ruleset("duel")        # the data repository's ruleset (packaged outside one)
    from wondersmith.engine import Game     # the reference engine
"""

__version__ = "0.1.0"

# Loaded on first use, so `import wondersmith.engine` stays free of the validation stack.
_API = ("Diagnostic", "Game", "InvalidDataError", "find_ruleset", "load_game", "load_ruleset",
        "validate_paths")

__all__ = ["__version__", *_API]


def __getattr__(name: str):
    if name in _API:
        from wondersmith import api
        return getattr(api, name)
    raise AttributeError(f"module 'wondersmith' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *_API])

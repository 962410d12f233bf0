"""Exceptions raised by the engine. Catch `EngineError` to catch them all."""
from __future__ import annotations


class EngineError(Exception):
    """Base class of every error the engine raises on purpose."""


class IllegalActionError(EngineError, ValueError):
    """An action that is not legal in this state; the message says why. State is unchanged."""

    def __init__(self, action: object, reason: str) -> None:
        super().__init__(f"illegal action {action!r}: {reason}")
        self.action = action
        self.reason = reason

    def __reduce__(self):  # pickled as its two arguments (a worker process's error crosses back)
        return type(self), (self.action, self.reason)


class NotationError(EngineError, ValueError):
    """Text that does not name an action."""


class OtherEventError(NotationError):
    """Text naming a chance outcome for another event than the pending one (`deal Altar to
    player 2` while player 0 is dealt): `resolve_chance` keeps it for that event. `action`
    is the outcome's id at its own event (None where the text does not say)."""

    def __init__(self, message: str, action: int | None = None) -> None:
        super().__init__(message)
        self.action = action

    def __reduce__(self):
        return type(self), (str(self), self.action)


class StateFormatError(EngineError, ValueError):
    """A serialised state that cannot be loaded; or, from `game_record`, a game whose history
    does not lead from its seed to its position, which has no record."""


class RecordFormatError(EngineError, ValueError):
    """A game record that cannot be replayed: malformed, of another game or data, or with an
    action that is unreadable or illegal where it stands (the message gives its index)."""


class ArgumentError(EngineError, ValueError):
    """An argument of an API call that is out of its range or not of its type (a seat, a
    component's number or id, a seed, a player count); `argument` is its name, and the
    message says what it must be. Nothing has changed."""

    def __init__(self, argument: str, message: str) -> None:
        super().__init__(f"{argument}: {message}")
        self.argument = argument

    def __reduce__(self):
        return type(self), (self.argument, str(self).split(": ", 1)[1])


class UnknownRulesetError(EngineError, LookupError):
    """No compiled ruleset by that name."""

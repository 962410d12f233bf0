"""wondersmith: a rules-data compiler and validation toolkit for the 7 Wonders family of games."""

__version__ = "0.1.0"

"""The reference engine. It depends on nothing else in the toolkit."""

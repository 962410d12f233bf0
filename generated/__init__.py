"""Compiler output, one package per game. Do not edit: run `wondersmith compile`."""

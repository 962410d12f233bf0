"""The rules data, shipped in the package as `wondersmith.examples`: `wondersmith init` starts a
designer's own data repository from a copy of it. Nothing here is code."""

"""`python -m wondersmith`: the same as the `wondersmith` command."""
from wondersmith.cli import main

main()

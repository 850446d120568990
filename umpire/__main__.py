"""`python -m umpire` runs the command-line interface."""

from umpire.cli import main

main()

"""`python -m audit.cli` is `citeaudit`."""

from audit.cli import main

main()

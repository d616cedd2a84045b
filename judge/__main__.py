"""`python -m judge`: the command line lives in judge/cli/, one module per command."""

import sys

from judge.cli.main import main

__all__ = ["main"]

if __name__ == "__main__":
    sys.exit(main())

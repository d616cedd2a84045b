"""Write docs/reference/cli.md from the parsers themselves, so the reference cannot drift:
`python scripts/make_cli_reference.py` (a test fails when the page differs from this)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "reference" / "cli.md"


def cli_reference() -> str:
    sys.path.insert(0, str(ROOT))
    from judge.cli.main import COMMANDS, top_help
    from judge.cli.options import FLAGS

    prog = "guess-judge"
    parts = ["# Command-line reference", "",
             "Generated from the parsers by `scripts/make_cli_reference.py`; do not edit by "
             "hand. `guess-judge` and `python -m judge` are the same program.", "",
             "```text", top_help(prog).rstrip(), "```", "",
             "## One meaning per flag", "",
             "Each flag means the same in every command that takes it:", "",
             "| flag | meaning |", "|---|---|"]
    parts += [f"| `{', '.join(f.names)}` | {f.meaning.replace('|', '/')} |" for f in FLAGS]
    for name, command in COMMANDS.items():
        help_text = command.parser(prog).format_help().rstrip()
        parts += ["", f"## {name}", "", command.summary[0].upper() + command.summary[1:] + ".",
                  "", "```text", help_text, "```"]
    return "\n".join(parts) + "\n"


if __name__ == "__main__":
    PAGE.parent.mkdir(parents=True, exist_ok=True)
    PAGE.write_text(cli_reference())
    print(f"wrote {PAGE.relative_to(ROOT)}")

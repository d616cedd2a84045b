"""bench: timings side by side in one run."""

from __future__ import annotations

import argparse
import json

from judge.cli.base import EXIT_OK, Command, UsageError
from judge.cli.checks import check_seconds, require_writable
from judge.cli.options import add, deprecated
from judge.report.files import write_atomically


def add_options(parser: argparse.ArgumentParser) -> None:
    add(parser, "--json")
    add(parser, "--page", default_text="none written")
    add(parser, "--from-json")
    add(parser, "--search-seconds", default=60.0, more="the optimal solver's, for each list")
    add(parser, "--fuzz-seconds", default=600.0)
    add(parser, "--wc2022-rounds", default=1000, more="the pure port takes about 5 minutes for "
                                                      "1,000")
    deprecated(parser, "bench", "--optimal-limit", "--search-seconds")
    deprecated(parser, "bench", "--fuzz-budget", "--fuzz-seconds")


def run(args: argparse.Namespace) -> int:
    from judge import bench  # only this command needs the benchmark's imports

    require_writable(args.json)
    require_writable(args.page)
    if args.from_json is not None:
        return page_from_json(args)
    if args.wc2022_rounds < 1:
        raise UsageError("--wc2022-rounds must be positive")
    check_seconds("--search-seconds", args.search_seconds)
    check_seconds("--fuzz-seconds", args.fuzz_seconds)
    at_start = bench.load()
    results = bench.run(optimal_limit=args.search_seconds, fuzz_budget=args.fuzz_seconds,
                        wc2022_rounds=args.wc2022_rounds)
    import datetime
    import shlex

    results["command"] = " ".join(shlex.quote(w) for w in [*shlex.split(args.prog), *args.argv])
    results["date"] = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    results["machine"] = bench.machine()
    results["commit"] = bench.commit()
    results["load"] = f"{at_start}, then {bench.load()}"
    if args.json is not None:
        write_atomically(args.json, json.dumps(results, indent=1) + "\n")
    if args.page is not None:
        write_atomically(args.page, bench.page(results))
    return EXIT_OK


def page_from_json(args: argparse.Namespace) -> int:
    """The page of a run made earlier, from its --json: its figures, its machine and date."""
    from judge import bench

    if args.page is None:
        raise UsageError("--from-json writes a --page: name one")
    try:
        results = json.loads(args.from_json.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as e:
        raise UsageError(f"--from-json {args.from_json}: cannot be read: {e}") from e
    printed = results.get("printed") if isinstance(results, dict) else None
    if not (isinstance(printed, list) and all(isinstance(line, str) for line in printed)):
        raise UsageError(f"--from-json {args.from_json}: not the --json of a bench run")
    write_atomically(args.page, bench.page(results))
    return EXIT_OK


COMMAND = Command(
    name="bench", summary="timings side by side: engine, isolation, optimal solver, P8079",
    description="Print timings measured in one run (the engine against plain Python, isolated "
                "against in-process grading, the optimal solver, the fuzzer, P8079 matches) "
                "and write them as JSON.",
    examples=[("--json bench-results.json", "everything, about an hour and a half on 2 cores"),
              ("--search-seconds 5 --fuzz-seconds 5 --wc2022-rounds 50", "a short look")],
    add_options=add_options, run=run)

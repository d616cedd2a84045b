"""bench: timings side by side in one run."""

from __future__ import annotations

import argparse
import json

from judge.cli.base import EXIT_OK, Command, UsageError
from judge.cli.checks import check_rounds, check_seconds, require_writable
from judge.cli.options import add, deprecated
from judge.report.files import write_atomically
from judge.safetext import shown

# The parts of a run (judge.bench.PARTS), here so that the help needs none of bench's imports.
PARTS_FOR_HELP = ("engine", "isolation", "fresh_state", "class", "languages", "builds",
                  "originals", "optimal", "optimum_player", "optimal_mean", "fuzz", "wc2022",
                  "wc2022_expectation")


def add_options(parser: argparse.ArgumentParser) -> None:
    add(parser, "--json")
    add(parser, "--page", default_text="none written")
    add(parser, "--from-json")
    add(parser, "--search-seconds", default=60.0, more="the optimal solver's, for each list")
    add(parser, "--fuzz-seconds", default=600.0)
    add(parser, "--wc2022-rounds", default=1000, more="the pure port takes about 5 minutes for "
                                                      "1,000")
    add(parser, "--only", more="of " + ", ".join(PARTS_FOR_HELP) + "; not with --page, which is "
        "the whole run's")
    deprecated(parser, "bench", "--optimal-limit", "--search-seconds")
    deprecated(parser, "bench", "--fuzz-budget", "--fuzz-seconds")


def run(args: argparse.Namespace) -> int:
    from judge import bench  # only this command needs the benchmark's imports

    require_writable(args.json)
    require_writable(args.page)
    if args.from_json is not None:
        return page_from_json(args)
    check_rounds("--wc2022-rounds", args.wc2022_rounds)
    check_seconds("--search-seconds", args.search_seconds)
    check_seconds("--fuzz-seconds", args.fuzz_seconds)
    only = parts(args.only, args.page is not None)
    at_start = bench.load()
    results = bench.run(optimal_limit=args.search_seconds, fuzz_budget=args.fuzz_seconds,
                        wc2022_rounds=args.wc2022_rounds, only=only)
    import datetime
    import shlex

    results["command"] = " ".join(shlex.quote(w) for w in [*shlex.split(args.prog), *args.argv])
    results["date"] = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    results["machine"] = bench.machine()
    results["commit"] = bench.commit()
    results["load"] = f"{at_start}, then {bench.load()}"
    if args.only is not None:
        results["only"] = list(only)  # a part of a run: no page is made from it
    if args.json is not None:
        write_atomically(args.json, json.dumps(results, indent=1) + "\n")
    if args.page is not None:
        write_atomically(args.page, bench.page(results))
    return EXIT_OK


def parts(named: str | None, page: bool) -> tuple[str, ...]:
    """The parts `--only` names, checked: each known, and no page made of some of them."""
    if named is None:
        return PARTS_FOR_HELP
    if page:
        raise UsageError("--only measures part of a run; --page writes a whole run's page: "
                         "use one or the other")
    chosen = tuple(p.strip() for p in named.split(","))
    unknown = [p for p in chosen if p not in PARTS_FOR_HELP]
    if unknown or not chosen:
        raise UsageError(f"--only: no part {shown(unknown[0] if unknown else named)}; the "
                         "parts are " + ", ".join(PARTS_FOR_HELP))
    return chosen


# A run's --json is kilobytes: far past that it is not one.
LARGEST_RESULTS = 64 << 20


def page_from_json(args: argparse.Namespace) -> int:
    """The page of a run made earlier, from its --json: its figures, its machine and date."""
    from judge import bench
    from judge.reading import UnreadableFile, read_text_bounded

    if args.page is None:
        raise UsageError("--from-json writes a --page: name one")
    try:
        text = read_text_bounded(args.from_json, LARGEST_RESULTS)
    except UnreadableFile as e:
        raise UsageError(f"--from-json {args.from_json}: {e}") from e
    try:
        results = json.loads(text)
    except (ValueError, RecursionError) as e:
        raise UsageError(f"--from-json {args.from_json}: not JSON: {e}") from e
    printed = results.get("printed") if isinstance(results, dict) else None
    if not (isinstance(printed, list) and all(isinstance(line, str) for line in printed)):
        raise UsageError(f"--from-json {args.from_json}: not the --json of a bench run")
    if "only" in results:
        raise UsageError(f"--from-json {args.from_json}: a run of some parts only (--only), "
                         "not a whole run's page")
    write_atomically(args.page, bench.page(results))
    return EXIT_OK


COMMAND = Command(
    name="bench", summary="timings side by side: engine, isolation, optimal solver, P8079",
    description="Print timings measured in one run (the engine against plain Python, isolated "
                "against in-process grading, the optimal solver, the fuzzer, P8079 matches) "
                "and write them as JSON.",
    examples=[("--json bench-results.json", "everything, about an hour and a half on 2 cores"),
              ("--search-seconds 5 --fuzz-seconds 5 --wc2022-rounds 50", "a short look"),
              ("--only optimal_mean", "the least means on the benchmark lists, about half an "
                                      "hour")],
    add_options=add_options, run=run)

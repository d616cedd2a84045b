"""optimal: the fewest guesses that always win on a list (or on average), and its tree."""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from judge.cli.base import EXIT_OK, Command, UsageError
from judge.cli.checks import check_seconds, require_writable
from judge.cli.options import NO_CAP, add, deprecated
from judge.report.files import write_atomically
from judge.safetext import safe
from judge.wording import counted


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("cases", type=Path, nargs="+", metavar="CASES",
                        help="a case file or a folder of them; each distinct word list is "
                             "solved once")
    add(parser, "--objective", default="worst")
    add(parser, "--max-guesses", more="with --objective mean",
        default_text="the list's optimal worst case, proven first")
    add(parser, "--search-seconds", default=60.0,
        more="for each search of each list (the mean under a cap makes two, three under the "
             "optimal worst case: that case, the mean without a cap, then with it)")
    add(parser, "--json", more="bounds and the decision tree of each list")
    deprecated(parser, "optimal", "--time-limit", "--search-seconds")


def named_lists(paths: Sequence[Path]) -> dict[tuple[str, ...], str]:
    """Each distinct word list once, named by its file and its number there: 'f.json list 2'."""
    from judge.cases import load_cases

    lists: dict[tuple[str, ...], str] = {}
    per_file: Counter[str] = Counter()
    for case in load_cases(paths, relaxed=True):
        if case.words not in lists:
            per_file[case.source] += 1
            lists[case.words] = f"{safe(case.source)} list {per_file[case.source]}"
    return lists


def tree_lines(tree: Any, words: Sequence[str], levels: int = 1) -> list[str]:
    """The first levels of a decision tree: the opening, then for each reply the words it
    leaves and the guess that follows."""
    from judge.rules import match

    lines = [f"  opening: {tree.guess}"]

    def below(node: Any, left: Sequence[str], depth: int) -> None:
        groups: dict[int, list[str]] = {}
        for word in left:
            if word != node.guess:
                groups.setdefault(match(node.guess, word), []).append(word)
        for reply, branch in sorted(node.branches.items()):
            group = groups.get(reply, [])
            indent = "  " * (depth + 1)
            lines.append(f"{indent}reply {reply} ({counted(len(group), 'word')}): "
                         f"then {branch.guess}")
            if depth < levels:
                below(branch, group, depth + 1)

    below(tree, words, 1)
    return lines


def run(args: argparse.Namespace) -> int:
    from judge.analysis.optimal import solve

    require_writable(args.json)
    check_seconds("--search-seconds", args.search_seconds)
    if args.max_guesses is not None and args.objective != "mean":
        raise UsageError("--max-guesses goes with --objective mean")
    lists = named_lists(args.cases)
    if args.objective == "mean":
        return optimal_means(lists, args)
    results = []
    for words, name in lists.items():
        result = solve(words, time_limit=args.search_seconds)
        results.append({"name": name, **result.to_json()})
        if result.proven:
            print(f"{name}: {counted(len(words), 'word')}, optimum "
                  f"{counted(result.upper, 'guess')} in the worst case (proven in "
                  f"{result.seconds:.2f} s; the tree was replayed for every secret)")
        else:
            print(f"{name}: {counted(len(words), 'word')}, between {result.lower} and "
                  f"{result.upper} guesses: {args.search_seconds:g} s of search ran out before "
                  "a proof")
        if result.tree is not None:
            print("\n".join(tree_lines(result.tree, words)))
    if args.json is not None:
        write_atomically(args.json, json.dumps(results, indent=1) + "\n")
    return EXIT_OK


def optimal_means(lists: dict[tuple[str, ...], str], args: argparse.Namespace) -> int:
    from judge.analysis.mean import NEVER, solve_mean
    from judge.analysis.optimal import solve

    results = []
    for words, name in lists.items():
        n, started = len(words), time.monotonic()
        if args.max_guesses == NO_CAP:
            cap, within, source = None, "", "none"
        elif args.max_guesses is None:
            # The objective a LeetCode player has: never fail, then the fewest on average.
            worst = solve(words, time_limit=args.search_seconds)
            cap = worst.upper
            source = "the optimal worst case" if worst.proven else "the best worst case found"
            within = (f", never more than the optimal worst case of {cap}" if worst.proven else
                      f", never more than {cap}, the best worst case found (not proven)")
        else:
            cap, within = args.max_guesses, f", never more than {args.max_guesses}"
            source = "--max-guesses"
        # Under a cap, the search without one comes first: what it proves bounds the capped
        # search from below, and where its tree meets the cap it is the answer.
        free = solve_mean(words, time_limit=args.search_seconds) if cap is not None else None
        result = solve_mean(words, time_limit=args.search_seconds, max_guesses=cap,
                            uncapped=free)
        results.append({"name": name, "max_guesses_from": source, **result.to_json()})
        if result.upper >= NEVER and result.proven:
            limit = "any number of guesses" if cap is None else counted(cap, "guess")
            print(f"{name}: {counted(n, 'word')}, no strategy finds every secret within {limit}")
        elif result.proven:
            print(f"{name}: {counted(n, 'word')}, optimal mean {result.upper / n:.3f} guesses "
                  f"({result.upper} in total over {n} secrets{within}; proven in "
                  f"{time.monotonic() - started:.2f} s, the tree replayed for every secret)")
        else:
            upper = "no tree found" if result.upper >= NEVER else f"{result.upper / n:.3f}"
            print(f"{name}: {counted(n, 'word')}, mean between {result.lower / n:.3f} and "
                  f"{upper} guesses (totals {result.lower}..{result.upper}{within}): "
                  f"{args.search_seconds:g} s of search ran out before a proof")
        if result.tree is not None:
            print("\n".join(tree_lines(result.tree, words)))
    if args.json is not None:
        write_atomically(args.json, json.dumps(results, indent=1) + "\n")
    return EXIT_OK


COMMAND = Command(
    name="optimal", summary="the fewest guesses that always win on a list (or on average), "
                            "with a decision tree",
    description="For each distinct word list in CASES: the minimum worst-case number of "
                "guesses (guesses are words of the list) and the first levels of a decision "
                "tree achieving it; with --objective mean, the least average number of guesses, "
                "each secret equally likely. The claim is proven by exhaustive search and the "
                "tree replayed for every secret; when the search time runs out, the best "
                "proven bounds are printed instead.",
    examples=[("cases/benchmark/bench01.json", "a 100-word list's optimum, in seconds"),
              ("cases/benchmark/bench03.json --objective mean",
               "the least mean that never needs more than the optimal worst case"),
              ("cases/handwritten --objective mean --max-guesses none",
               "the least mean, whatever the worst case")],
    add_options=add_options, run=run)

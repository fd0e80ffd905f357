"""The ladder: each level measured against the one below it, on every game, by the arena.

    python -m ai.ladder --pair rules:casual --jobs 1                 # one pair, every game
    python -m ai.ladder --game hachi --pair expectimax:rules --deals 300
    python -m ai.ladder --readme                                     # the Markdown table
    python -m ai.ladder --write-readme                               # ... into README.md

Each (game, pair) run replaces only its own entry of ``ai/ladder.json`` (written atomically
after every entry), so the table is built piece by piece and an interrupted run keeps what it
finished. Every entry records the command that reproduces it. The seat picker reads the same
file through :func:`parse` and :func:`strength_line` (a damaged file means no line, never an
error), so the strength it shows is measured, not typed by hand.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from game.engine import rulesets
from game.engine.vocab import N_

from . import AGENT_NAMES, AGENTS, LEVELS

HERE = Path(__file__).resolve().parent
DEFAULT_PATH = HERE / "ladder.json"
README = HERE.parent / "README.md"
START, END = "<!-- ladder:start -->", "<!-- ladder:end -->"
VERSION = 1
MAX_BYTES = 256 * 1024  # a real table is a few kB; anything bigger is not ours
MAX_ENTRIES = 500

# game key -> (ruleset, options, seats): every game of the issue, each addressed the way the
# engine addresses it (curriculum tiers are an option; hachi and nuki are played by two).
GAMES: dict[str, tuple[str, dict, int]] = {
    "hachihachi-3": ("hachihachi", {}, 3),
    "hachihachi-2": ("hachihachi", {}, 2),
    "hachihachi-5": ("hachihachi", {}, 5),
    "hachihachi-nintendo": ("hachihachi-nintendo", {}, 3),
    "nuki-hachihachi": ("nuki-hachihachi", {}, 2),
    "hachi": ("hachi", {}, 2),
    "sudaoshi": ("sudaoshi", {}, 3),
    "curriculum-1": ("curriculum", {"tier": 1}, 3),
    "curriculum-5": ("curriculum", {"tier": 5}, 3),
    "koikoi": ("koikoi", {}, 2),  # issue 47: two players, eight cards each
}

# The line under a level in the seat picker: the first when the level's mean points beat the
# level below (95% interval above 0), the second when they do not. The first leads with the
# points, since they are what "beats" means: a level can win no more rounds than the one below
# and still score more (Master against Expert at Hachi: +2.97 mon a round, 50% of rounds).
BEATS = N_("Scores {mon} mon a round more than {level} and wins {share}% of rounds (an even "
           "share is {even}%).")
NO_EDGE = N_("No measured edge over {level}: wins {share}% of rounds (an even share is "
             "{even}%).")


# Baselines measured beside the levels (issue 30): the two lowest levels against greedy_sets,
# a one-step greedy player that plays for yaku, like the independent bots players compare with.
BASELINE_PAIRS: tuple[tuple[str, str], ...] = (("rules", "greedy_sets"), ("casual", "greedy_sets"))


def level_pairs() -> list[tuple[str, str]]:
    """(test, against) for each level against the one below it, the bottom level against
    the random baseline first: Beginner vs Random, Intermediate vs Beginner, ..."""
    ids = [agent for _n, agent, _d in LEVELS]
    return [(ids[0], "random")] + [(ids[i], ids[i - 1]) for i in range(1, len(ids))]


def default_pairs() -> list[tuple[str, str]]:
    """What a run measures unless told: the level pairs, then the baselines."""
    return level_pairs() + list(BASELINE_PAIRS)


def agent_id(name: str) -> str:
    """An AI id from an id or a level name ("Expert" -> "expectimax"); ValueError if neither."""
    for level, agent, _d in LEVELS:
        if name.lower() == level.lower():
            return agent
    if name in AGENTS:
        return name
    known = ", ".join([*AGENTS, *(n for n, _a, _d in LEVELS)])
    raise ValueError(f"unknown AI {name!r} (known: {known})")


def level_name(agent: str) -> str:
    """The English name a player knows an AI by (a level, else the arena's name)."""
    for level, a, _d in LEVELS:
        if a == agent:
            return level
    return AGENT_NAMES.get(agent, agent)


# --- the table ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Strength:
    """One level's measured line: `template.format(share=, level=, even=, mon=)` after
    translating the template and the level name."""
    template: str
    share: int  # percent of rounds won
    even: int  # percent an equal player would win (100 / seats)
    level: str  # the English name of the level it was measured against
    entry: dict
    mon: int = 0  # mean points a round over that level, rounded (at least 1 when it beats it)


def _number(x: object) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)


def _interval(x: object) -> bool:
    return (isinstance(x, list) and len(x) == 2 and all(_number(v) for v in x)
            and x[0] <= x[1])


def valid_entry(e: object) -> bool:
    """Whether one entry has every field the picker and the README read, of the right type."""
    if not isinstance(e, dict):
        return False
    strings = ("game", "ruleset", "test", "against", "command", "date")
    ints = ("seats", "deal_sets", "rounds", "seed")
    return (all(isinstance(e.get(k), str) and len(e[k]) <= 300 for k in strings)
            and all(isinstance(e.get(k), int) and not isinstance(e[k], bool) for k in ints)
            and 2 <= e["seats"] <= 8 and e["deal_sets"] >= 1 and e["rounds"] >= 1
            and isinstance(e.get("options"), dict) and len(e["options"]) <= 40
            and all(isinstance(k, str) and isinstance(v, (str, int, float, bool))
                    for k, v in e["options"].items())
            and _number(e.get("mean_points")) and _interval(e.get("mean_points_ci"))
            and _number(e.get("win_share")) and 0 <= e["win_share"] <= 1
            and _interval(e.get("win_share_ci")))


def _reject_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number")


def parse(data: bytes) -> list[dict] | None:
    """The entries of a ladder file, or None when it is not one (too big, not JSON, too
    deeply nested, wrong shape). Entries of the wrong shape are left out, so one bad entry
    costs only its own line."""
    if not isinstance(data, bytes) or len(data) > MAX_BYTES:
        return None
    try:
        doc = json.loads(data.decode("utf-8"), parse_constant=_reject_constant)
    except (ValueError, RecursionError):  # UnicodeDecodeError and JSONDecodeError included
        return None
    if not isinstance(doc, dict) or doc.get("version") != VERSION:
        return None
    entries = doc.get("entries")
    if not isinstance(entries, list) or len(entries) > MAX_ENTRIES:
        return None
    return [e for e in entries if valid_entry(e)]


def read(path: Path = DEFAULT_PATH) -> list[dict] | None:
    """The entries of the ladder file at `path` (at most MAX_BYTES read), None if missing or
    damaged."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError:
        return None
    return parse(data)


def nearest(entries: Sequence[dict], test: str, against: str, ruleset: str, seats: int,
            options: dict | None = None) -> dict | None:
    """The entry of `test` against `against` measured closest to the game being set up: the
    same ruleset (the same options it was measured with, else the nearest, e.g. a curriculum
    tier; then the same or the nearest seat count), else the 3-seat hachihachi one."""
    options = options or {}
    mine = [e for e in entries if e["test"] == test and e["against"] == against]
    same = [e for e in mine if e["ruleset"] == ruleset]
    if same:
        def distance(e: dict) -> tuple[int, float, int, int]:
            differ = [(options.get(k), v) for k, v in e["options"].items()
                      if options.get(k) != v]
            far = sum(abs(a - b) if _number(a) and _number(b) else 0 for a, b in differ)
            return len(differ), far, abs(e["seats"] - seats), e["seats"]
        return min(same, key=distance)
    base = [e for e in mine if e["ruleset"] == "hachihachi" and e["seats"] == 3
            and not e["options"]]
    return base[0] if base else None


def below(agent: str) -> str | None:
    """The AI a level is measured against: the level below it, or random for the bottom."""
    for test, against in level_pairs():
        if test == agent:
            return against
    return None


def strength_line(agent: str, ruleset: str, seats: int, options: dict | None = None,
                  entries: Sequence[dict] | None = None) -> Strength | None:
    """What the seat picker says about a level for this game, or None when the ladder has
    not measured it (or its file is missing or damaged). `entries` defaults to the shipped
    file; the UI passes what it read through game.resources."""
    if entries is None:
        entries = read()
    against = below(agent)
    if not entries or against is None:
        return None
    try:
        e = nearest(entries, agent, against, ruleset, int(seats), options)
    except (TypeError, ValueError):
        return None
    if e is None:
        return None
    share = round(100 * e["win_share"])
    even = round(100 / e["seats"])
    beats = e["mean_points_ci"][0] > 0
    mon = max(1, math.floor(e["mean_points"] + 0.5)) if beats else 0  # half rounds up
    return Strength(BEATS if beats else NO_EDGE, share, even, level_name(against), e, mon)


# --- running -----------------------------------------------------------------------------

def command(game: str, test: str, against: str, deals: int, seed: int) -> str:
    return (f"python -m ai.ladder --game {game} --pair {test}:{against} "
            f"--deals {deals} --seed {seed}")


def measure(game: str, test: str, against: str, deals: int, seed: int,
            jobs: int = 1) -> dict:
    """One ladder entry: the arena's figures for `test` against `against` on `game`."""
    from . import arena  # imported here: reading the table needs none of the arena

    ruleset, options, seats = GAMES[game]
    out = arena.run(ruleset, test, against, deals, seed, seats, dict(options), jobs)
    return {"game": game, "ruleset": ruleset, "options": dict(options), "seats": seats,
            "test": test, "against": against, "deal_sets": out["deal_sets"],
            "rounds": out["rounds"], "mean_points": out["mean_points"],
            "mean_points_ci": out["mean_points_ci"], "win_share": out["win_share"],
            "win_share_ci": out["win_share_ci"], "seed": seed,
            "command": command(game, test, against, deals, seed),
            "date": datetime.date.today().isoformat(),
            "decisions_per_second": out["decisions_per_second"], "seconds": out["seconds"]}


def _order(e: dict) -> tuple:
    games = list(GAMES)
    ids = list(AGENTS)
    return (games.index(e["game"]) if e["game"] in games else len(games), e["game"],
            ids.index(e["test"]) if e["test"] in ids else len(ids), e["test"], e["against"])


def merge(entries: list[dict], new: dict) -> list[dict]:
    """The table with `new` in place of the entry for the same game and pair."""
    key = (new["game"], new["test"], new["against"])
    kept = [e for e in entries if (e["game"], e["test"], e["against"]) != key]
    return sorted([*kept, new], key=_order)


def write(path: Path, entries: list[dict]) -> None:
    """Write the table atomically (a temporary file beside it, then os.replace)."""
    text = json.dumps({"version": VERSION, "entries": entries}, indent=1,
                      ensure_ascii=False) + "\n"
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def existing(path: Path) -> list[dict]:
    """The entries already in `path` (none if it does not exist); ValueError if the file is
    damaged, so a run never silently drops measured entries."""
    if not path.exists():
        return []
    entries = read(path)
    if entries is None:
        raise ValueError(f"{path} is not a ladder table (damaged?); move it away first")
    return entries


# --- the README table --------------------------------------------------------------------

def _title(e: dict) -> str:
    title = rulesets.ruleset_class(e["ruleset"]).title if e["ruleset"] in rulesets.names() \
        else e["ruleset"]
    tier = e["options"].get("tier")
    return f"{title}{f', tier {tier}' if tier is not None else ''}, {e['seats']} seats"


def markdown(entries: Sequence[dict]) -> str:
    """The README's table: per game and pair, mean points per round (95% interval) and win
    share (95% interval), a sentence on every level that does not beat the one below, and
    the commands that made each row."""
    if not entries:
        return "No entries yet: run `python -m ai.ladder` to measure the ladder.\n"
    lines = ["Each level against the one below it, and Beginner and Intermediate against "
             "Greedy for yaku (`greedy_sets`, a baseline that takes the most card points "
             "plus progress towards a yaku each turn, with no search), on duplicate deal-sets "
             "(the tested level in one seat, the other player in the others, rotating through "
             "every seat). "
             "Mean points are mon per round for the tested level; an even win share is "
             "100% divided by the seats. Generated from `ai/ladder.json` by "
             "`python -m ai.ladder --write-readme`.", "",
             "| game (key) | level | against | deal-sets | mean points per round (95% interval)"
             " | win share (95% interval) |", "|---|---|---|---:|---|---|"]
    weak = []
    for e in sorted(entries, key=_order):
        lo, hi = e["mean_points_ci"]
        wlo, whi = e["win_share_ci"]
        lines.append(
            f"| {_title(e)} (`{e['game']}`) | {level_name(e['test'])} | "
            f"{level_name(e['against'])} | {e['deal_sets']} | {e['mean_points']:+.2f} "
            f"({lo:+.2f} .. {hi:+.2f}) | {100 * e['win_share']:.1f}% "
            f"({100 * wlo:.1f} .. {100 * whi:.1f}) |")
        if lo <= 0:
            weak.append(f"{level_name(e['test'])} over {level_name(e['against'])} in "
                        f"{_title(e)}")
    lines.append("")
    if weak:
        lines.append("No measured edge (the interval of mean points is not above 0): "
                     + "; ".join(weak) + ".")
    else:
        lines.append("Every level measured beats the one below it (each interval of mean "
                     "points is above 0).")
    have = {(e["game"], e["test"], e["against"]) for e in entries}
    missing = []
    for test, against in default_pairs():
        games = [g for g in GAMES if (g, test, against) not in have]
        if games:
            where = "any game" if len(games) == len(GAMES) else ", ".join(
                f"`{g}`" for g in games)
            missing.append(f"{level_name(test)} against {level_name(against)} on {where}")
    if missing:
        lines += ["", "Not measured yet: " + "; ".join(missing) + "."]
    lines += ["", "Commands (each reproduces its row; `--jobs N` only changes the speed):",
              "", *(f"    {e['command']}" for e in sorted(entries, key=_order))]
    return "\n".join(lines) + "\n"


def readme_block(text: str) -> str | None:
    """What README text holds between the ladder markers, or None without them."""
    a, b = text.find(START), text.find(END)
    if a < 0 or b < a:
        return None
    return text[a + len(START):b]


def write_readme(path: Path, entries: Sequence[dict]) -> None:
    text = path.read_text(encoding="utf-8")
    if readme_block(text) is None:
        raise ValueError(f"{path} has no {START} ... {END} markers")
    a, b = text.find(START) + len(START), text.find(END)
    new = text[:a] + "\n" + markdown(entries) + text[b:]
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(new)
    os.replace(tmp, path)


# --- command line ------------------------------------------------------------------------

def _pair(text: str) -> tuple[str, str]:
    test, sep, against = text.partition(":")
    if not sep or not test or not against:
        raise argparse.ArgumentTypeError(f"a pair is TEST:AGAINST (like rules:casual), not "
                                         f"{text!r}")
    try:
        return agent_id(test), agent_id(against)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {n}")
    return n


def main(argv: list[str] | None = None) -> int:
    pairs = ", ".join(f"{t}:{a}" for t, a in default_pairs())
    ap = argparse.ArgumentParser(
        prog="python -m ai.ladder", formatter_class=argparse.RawDescriptionHelpFormatter,
        description=__doc__,
        epilog=f"games: {', '.join(GAMES)}\ndefault pairs: {pairs}")
    ap.add_argument("--game", nargs="+", metavar="KEY", choices=list(GAMES),
                    help="games to measure (default: every game)")
    ap.add_argument("--pair", nargs="+", metavar="TEST:AGAINST", type=_pair,
                    help="AI ids or level names, tested against (default: each level "
                         "against the one below, then the baselines)")
    ap.add_argument("--deals", type=_positive, default=300,
                    help="duplicate deal-sets per entry (default 300)")
    ap.add_argument("--seed", type=int, default=2026, help="seed of the deals (default 2026)")
    ap.add_argument("--jobs", type=_positive, default=1,
                    help="worker processes (default 1; results do not depend on it)")
    ap.add_argument("--out", type=Path, default=DEFAULT_PATH,
                    help="the table to write or merge into (default ai/ladder.json)")
    ap.add_argument("--readme", action="store_true",
                    help="print the Markdown table from --out and measure nothing")
    ap.add_argument("--write-readme", nargs="?", const=README, type=Path, metavar="PATH",
                    help="rewrite the table between the ladder markers of README.md (or "
                         "PATH) from --out and measure nothing")
    args = ap.parse_args(argv)
    try:
        entries = existing(args.out)
        if args.readme or args.write_readme:
            if args.readme:
                print(markdown(entries), end="")
            if args.write_readme:
                write_readme(args.write_readme, entries)
            return 0
        if not args.out.parent.is_dir():
            raise ValueError(f"no folder {args.out.parent} for --out")
        for game in args.game or list(GAMES):
            for test, against in args.pair or default_pairs():
                e = measure(game, test, against, args.deals, args.seed, args.jobs)
                entries = merge(existing(args.out), e)  # re-read: another run may have added
                write(args.out, entries)
                lo, hi = e["mean_points_ci"]
                print(f"{game}: {test} vs {against}, {e['deal_sets']} deal-sets: "
                      f"{e['mean_points']:+.2f} mon ({lo:+.2f} .. {hi:+.2f}), win share "
                      f"{e['win_share']:.3f}; {e['seconds']} s", flush=True)
    except (ValueError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

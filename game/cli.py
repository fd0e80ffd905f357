"""The command line (docs/rules/README.md §8): ``simulate`` and ``replay``; no command opens
the table.

Every failure is a one-line message and a non-zero exit status, never a traceback:
a rejected record exits with 2, bad arguments (an --out that cannot be written among them)
with 2, statistics that cannot be read (locked, newer, unusable) with 2, anything
unexpected with 1. Files are read through game.storage, with its limits.
"""

from __future__ import annotations

import argparse
import json
import sys

from game import files, storage
from game.engine import record as records
from game.engine import rulesets
from game.engine.errors import RecordError
from game.engine.version import VERSION
from game.i18n import LANGUAGES
from game.resources import program_name

# --options is a small object typed by a person or a script: the settings' limits suit it.
OPTIONS_LIMITS = files.Limits(max_bytes=64_000, max_depth=2, max_int_digits=40,
                              max_str_len=200, max_items=1000)

EPILOG = """examples:
  python -m game simulate --ruleset hachihachi --seats 3 --agents random --seed 7 --out g.json
  python -m game replay g.json
  python -m game replay g.json --json
  python -m game stats --json
  python -m game review g.json --seat 0
  python -m game host --seats 3 --phones 2 --bind 192.168.1.20
  python -m game host --seats 4 --phones 2 --relay wss://relay.example.org
  python -m game relay --listen 127.0.0.1:8765 --redis redis://127.0.0.1:6379/0
  python -m game check-page https://relay.example.org
"""


def _parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(
        prog=program_name(), epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Hachi-Hachi (八八) and its family of hanafuda games. "
                    "Without a command, opens the game window.")
    ap.add_argument("--version", action="version", version=f"Hachi-Hachi {VERSION}",
                    help="print the program's version and exit")
    ap.add_argument("--smoke", action="store_true",
                    help="run a short scripted AI game through every scene, headless")
    ap.add_argument("--startup-probe", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--lang", choices=list(LANGUAGES), metavar="L",
                    help="the language for this run: " + ", ".join(
                        f"{k} ({v})" for k, v in LANGUAGES.items())
                    + " (default: the one chosen in Settings, else the system's)")
    smoke = ap.add_argument_group("smoke run (with --smoke)")
    smoke.add_argument("--ruleset", dest="smoke_ruleset", default="hachihachi", metavar="R",
                       choices=rulesets.names(), help="the game to play (default hachihachi)")
    smoke.add_argument("--options", dest="smoke_options", default="{}", metavar="JSON",
                       help="its options as a JSON object")
    smoke.add_argument("--seats", dest="smoke_seats", type=int, metavar="N",
                       help="seats at the table (default: 3, or the game's nearest)")
    smoke.add_argument("--seed", dest="smoke_seed", type=int, default=88, metavar="S",
                       help="the game's seed (default 88)")
    smoke.add_argument("--rounds", dest="smoke_rounds", type=int, default=1, metavar="K",
                       help="the game's 'rounds' option unless --options sets it (default 1)")
    sub = ap.add_subparsers(dest="command", metavar="COMMAND")
    sim = sub.add_parser("simulate", help="play a headless game between computer players",
                         description="Play a headless game and write its record.")
    sim.add_argument("--ruleset", required=True, choices=rulesets.names(), metavar="R",
                     help=f"one of: {', '.join(rulesets.names())}")
    sim.add_argument("--options", default="{}", metavar="JSON",
                     help='ruleset options as a JSON object, e.g. \'{"kan": 10}\'; every '
                          "number option has a maximum (rounds at most 120), said if passed")
    sim.add_argument("--seats", type=int, required=True, metavar="N", help="seats at the table")
    sim.add_argument("--agents", required=True, metavar="a,b,c",
                     help="one AI id per seat, comma-separated (one id fills every seat)")
    sim.add_argument("--seed", type=int, required=True, metavar="S", help="random seed")
    sim.add_argument("--rounds", type=int, metavar="K",
                     help="stop after K rounds that are not misdeals (default: the whole game)")
    sim.add_argument("--out", metavar="FILE", help="where to write the record (default: stdout)")
    rep = sub.add_parser("replay", help="replay and check a game record",
                         description="Replay a record, check every action, print the results.")
    rep.add_argument("file", metavar="FILE")
    rep.add_argument("--json", action="store_true", help="print one machine-readable object")
    rev = sub.add_parser(
        "review", help="review a seat's decisions in a game record",
        description="Weigh every decision a seat made against the other choices it had, from "
                    "what that seat could see at the time (never the hidden cards): each "
                    "decision's mark (best, good, inaccuracy, mistake, blunder: by the mon it "
                    "gave away against the best choice), the better choice and what it does, "
                    "and the game's accuracy (100 % when every choice was the best; each mon "
                    "given away against the best lowers it).")
    rev.add_argument("file", metavar="RECORD")
    rev.add_argument("--seat", type=int, metavar="N",
                     help="the seat to review, from 0 (default: the record's one human seat)")
    rev.add_argument("--worlds", type=int, default=None, metavar="W",
                     help="sampled deals per decision (default 300, at most 5000: more is "
                          "slower and more precise)")
    rev.add_argument("--all", action="store_true",
                     help="list every decision, not only those marked inaccuracy or worse")
    rev.add_argument("--json", action="store_true", help="print one machine-readable object")
    host = sub.add_parser(
        "host", help="host a party game for phones, without the window",
        description="Host a party game: each phone seat is played from a phone's browser on "
                    "the same network (open its link or scan its QR code); the other seats are "
                    "computer players. The table itself can be watched read-only in a browser "
                    "tab. Listens only while the game runs, on one address: this computer's "
                    "address on its home network (a private address) when it has one, else "
                    "this computer only (127.0.0.1); or the one given with --bind.")
    host.add_argument("--ruleset", default="hachihachi", choices=rulesets.names(), metavar="R",
                      help="the game (default hachihachi)")
    host.add_argument("--options", default="{}", metavar="JSON", help="its options")
    host.add_argument("--seats", type=int, default=3, metavar="N", help="seats at the table")
    host.add_argument("--phones", type=int, default=1, metavar="K",
                      help="how many seats are played from phones (the first K)")
    host.add_argument("--ai", default="rules", metavar="ID",
                      help="the computer player of the other seats (default rules)")
    host.add_argument("--bind", default="auto", metavar="ADDR",
                      help="the address to listen on (default auto: this computer's address "
                           "on its home network, 10.x, 172.16-31.x, 192.168.x or an IPv6 "
                           "unique local one, else 127.0.0.1); 0.0.0.0 and :: (every "
                           "network at once) are refused")
    host.add_argument("--port", type=int, default=8888, metavar="P",
                      help="the port (default 8888; 0 picks a free one)")
    host.add_argument("--seed", type=int, default=None, metavar="S", help="the game's seed")
    host.add_argument("--hints", action="store_true", help="show the yaku watch on phones")
    host.add_argument("--resume", action="store_true",
                      help="continue the hosted game saved earlier (host-autosave.json, with "
                           "the same links); the window's saved game is never touched")
    host.add_argument("--new", action="store_true",
                      help="start a new hosted game even though one is saved (it is replaced)")
    host.add_argument("--relay", default=None, metavar="URL",
                      help="a relay (ws://, wss://, http:// or https:// HOST[:PORT]; see "
                           "'relay'): the phone seats become online seats, played from "
                           "anywhere through it, each link carrying its seat's key; a relay "
                           "that cannot be reached stops the host (exit status 2)")
    host.add_argument("--online", type=int, default=None, metavar="K",
                      help="with --relay: how many of the --phones seats are online (the "
                           "first K; default all of them), the others on the home network")
    from game.online.check import add_parser as add_check_page
    from game.relay.cli import add_parser as add_relay

    add_relay(sub)
    add_check_page(sub)
    sts = sub.add_parser("stats", help="print your statistics from finished games",
                         description="Per game and kind of opponent: games, wins, average "
                                     "net per round, best round, yaku made most often.")
    sts.add_argument("--json", action="store_true", help="print one machine-readable object")
    return ap


def _parse_options(text: str) -> dict | None:
    """``--options`` as a JSON object, or None after saying what is wrong."""
    try:
        options = files.parse_json(text, OPTIONS_LIMITS)
    except files.FileRejected as e:
        print(f"error: --options is not usable: {e}", file=sys.stderr)
        return None
    if not isinstance(options, dict):
        print("error: --options must be a JSON object", file=sys.stderr)
        return None
    return options


def _cmd_simulate(args: argparse.Namespace) -> int:
    from game.simulate import simulate

    options = _parse_options(args.options)
    if options is None:
        return 2
    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    try:
        rec = simulate(args.ruleset, options, args.seats, agents, args.seed, args.rounds)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if args.out:
        try:
            storage.write_record(args.out, rec)
        except OSError as e:
            print(f"error: cannot write --out {args.out}: {files.describe_os_error(e)}",
                  file=sys.stderr)
            return 2
    else:
        print(rec.dumps())
    return 0


def _signed(v: int) -> str:
    return f"{v:+d}"


def _cmd_replay(args: argparse.Namespace) -> int:
    try:
        rec = storage.read_record(args.file)
        rep = records.replay(rec)
    except RecordError as e:
        print(f"{args.file}: rejected: {e}", file=sys.stderr)
        return 2
    st = rep.state
    if args.json:
        print(json.dumps({"rounds": [r.as_json() for r in rep.results],
                          "totals": list(st.totals)}))
        return 0
    names = [str(s.get("name", f"Seat {i}")) for i, s in enumerate(rec.seats)]
    rs = st.rs
    print(f"{rs.title} ({rs.name}), {len(names)} seats: {', '.join(names)}")
    counted = 0
    for r in rep.results:
        if r.ending == "misdeal":
            print(f"  misdeal    dealer {names[r.dealer]}: void deal, same dealer redeals")
            continue
        counted += 1
        who = names[r.winner] if r.winner is not None else "nobody"
        nets = ", ".join(f"{names[i]} {_signed(v)}" for i, v in enumerate(r.net))
        print(f"  round {counted:<3d} dealer {names[r.dealer]}, x{r.multiplier}, {r.ending}, "
              f"winner {who}: {nets}")
    print("Totals: " + ", ".join(f"{names[i]} {_signed(v)}" for i, v in enumerate(st.totals)))
    if st.over:
        win = rs.game_winners(st)
        print("Game over; " + ("winner: " if len(win) == 1 else "shared win: ")
              + ", ".join(names[w] for w in win))
    elif not rep.complete:
        print("The record stops inside a round (a game in progress).")
    else:
        print(f"Game in progress after {progress_words(st)}.")
    return 0


def progress_words(st: object) -> str:
    """How far a game in progress is, as the ruleset counts it: "3 of 12 rounds" for a
    game of planned rounds; otherwise the rounds played and how the game ends (a Hachi
    match ends by agari or at a points target, not after a number of rounds)."""
    rs = st.rs  # type: ignore[attr-defined]
    played = st.rounds_played  # type: ignore[attr-defined]
    rounds = "round" if played == 1 else "rounds"
    planned = rs.rounds_planned
    if planned is not None:
        return f"{played} of {planned} rounds"
    goal = getattr(rs, "match_goal", None)
    if goal is not None:
        end, n = goal
        if end == "agari":
            leader = max(rs.agari_of(st.game_data)[0] or (0,))  # type: ignore[attr-defined]
            return f"{played} {rounds} (the match ends at {n} agari; the most so far: {leader})"
        if end == "points":
            lead = max(st.totals)  # type: ignore[attr-defined]
            return f"{played} {rounds} (the match ends when a player's net reaches {n} points; " \
                f"the highest so far: {lead:+d})"
    return f"{played} {rounds} (the game ends by its own rule, not after a number of rounds)"


MAX_WORLDS = 5000  # a review of a whole game at this budget already takes many minutes


def _cmd_review(args: argparse.Namespace) -> int:
    """``review``: the seat's decisions weighed, the marked ones said in words."""
    import os

    from ai import review

    worlds = review.WORLDS if args.worlds is None else args.worlds
    if not 1 <= worlds <= MAX_WORLDS:
        print(f"error: --worlds must be between 1 and {MAX_WORLDS}", file=sys.stderr)
        return 2
    try:
        rec = storage.read_record(args.file)
        records.replay(rec)  # the whole record checked before any time is spent on it
        rv = review.review(rec, args.seat, worlds=worlds)
    except RecordError as e:
        print(f"{args.file}: rejected: {e}", file=sys.stderr)
        return 2
    except ValueError as e:  # a seat the record does not have, or none given for no human
        print(f"error: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(rv.as_json()))
        return 0
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.i18n import set_language
    from game.ui import review_words as words

    if args.lang:
        set_language(args.lang)
    names = [str(s.get("name", f"Seat {i}")) if isinstance(s, dict) else f"Seat {i}"
             for i, s in enumerate(rec.seats)]
    for line in words.summary_lines(rv, names[rv.seat]):
        print(line)
    for d in rv.decisions:
        if not args.all and d.mark in ("best", "good"):
            continue
        print(words.decision_line(d, d.round + 1))
        if d.mark != "best":
            print("    " + words.better_sentence(d, names))
        print("    " + words.values_line(d))
    return 0


def _console_safe() -> None:
    """Print what the console cannot encode as escapes (a name in 八八 on a cp1252 pipe, a
    lone surrogate from a file) instead of failing on it."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="backslashreplace")
            except (OSError, ValueError):
                pass


def main(argv: list[str] | None = None) -> int:
    _console_safe()
    args = _parser().parse_args(argv)
    try:
        if args.command == "simulate":
            return _cmd_simulate(args)
        if args.command == "replay":
            return _cmd_replay(args)
        if args.command == "review":
            return _cmd_review(args)
        if args.command == "host":
            from game.party.cli import cmd_host

            options = _parse_options(args.options)
            return 2 if options is None else cmd_host(args, options)
        if args.command == "relay":
            from game.relay.cli import cmd_relay

            return cmd_relay(args)
        if args.command == "check-page":
            from game.online.check import cmd_check_page

            return cmd_check_page(args)
        if args.command == "stats":
            from game.app import setup_logging  # no pygame at import
            from game.play.terms import term  # words only, no pygame
            from game.stats.cli import cmd_stats

            paths = storage.default_paths()
            setup_logging(paths.log_dir)  # details to the log file, never beside the sentence
            return cmd_stats(paths.stats_db, args.json, term)
        from game.app import run

        if args.smoke:
            from game.ui.smoke import smoke_run

            options = _parse_options(args.smoke_options)
            if options is None:
                return 2
            return smoke_run(rounds=args.smoke_rounds, seats=args.smoke_seats,
                             ruleset=args.smoke_ruleset, options=options,
                             seed=args.smoke_seed, language=args.lang)
        return run(probe=args.startup_probe, language=args.lang)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader left (`| head`): what it wanted was printed
        import os

        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError, AttributeError):
            pass
        return 0
    except Exception as e:  # a player never sees a traceback
        _log_unexpected(e)
        if sys.stderr is not None:  # None in a windowed build
            print(f"error: unexpected failure: {type(e).__name__}: {e} "
                  "(details in the log file)", file=sys.stderr)
        return 1


def _log_unexpected(exc: Exception) -> None:
    """Write the traceback to the user log file (the only place a windowed build has)."""
    try:
        import logging

        from game import storage
        from game.app import setup_logging

        setup_logging(storage.default_paths().log_dir)
        logging.getLogger("game").error("unexpected failure", exc_info=exc)
    except Exception:  # logging must never turn one error into two
        pass

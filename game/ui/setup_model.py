"""What the New game screen holds, without a window (TABLE.md §5.3): the model behind
`game.ui.scenes.setup`.

The chosen ruleset and its options (which of them apply given the others and the seats, the
preset they match), the seats (how many the game allows, names, kinds, defaults), the seed
text, the problems the player is told about, what is remembered in the settings file
(`settings.last_setup`) and the `GameSession` a valid setup starts. Every word it gives is
translated when asked for, so a language switch only rebuilds the widgets.

It imports no pygame: the scene builds widgets from what it says and turns the player's
clicks and keys into its methods, and tests drive it directly (tests/ui/test_setup_model.py).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from pathlib import Path

import ai
from ai import ladder
from game import resources
from game.engine import rulesets
from game.engine.options import Option
from game.i18n import N_, _
from game.play.narrate import is_you
from game.play.session import GameSession, SeatSpec
from game.play.terms import not_applies, value_explained, value_words
from game.seats import clean_name
from game.ui.presets import apply_preset, preset_label, preset_name, presets_for

DEFAULT_NAMES = ("You", "Ren", "Yui", "Mia", "Ken", "Aki", "Sora")
DEFAULT_AI = "rules"  # Intermediate: a fair first opponent
# a seat whose human plays on a phone (a party game, issue 28; game.party): "human" in the
# game's seats, with SeatSpec.phone set
PHONE = "phone"
# a seat whose human plays from anywhere through a relay (issue 46): "human" with
# SeatSpec.online (and .phone) set; offered only when Settings has a relay's address
ONLINE = "online"
CUSTOM = N_("Custom")  # the preset id when the options match none; shown with _()
# Options about the length and end of the game, shown beside the presets; every other option
# is a house rule, folded under "House rules" so a first game asks nothing it need not.
MAIN_OPTIONS = ("tier", "rounds", "match_end", "agari_count", "target_points")
ROUND_CHOICES = (1, 3, 6, 12, 24, 48)  # rounds are chosen from a list, never typed
# counts offered for an int option with a wide range (issue 13: chosen, never typed); an
# option with at most SMALL_RANGE values offers every one of them
COUNT_CHOICES = {"rounds": ROUND_CHOICES, "target_points": (50, 100, 150, 200, 300, 500, 1000)}
SMALL_RANGE = 12
SEED_PROBLEM = N_("The seed must be a whole number (or empty for random).")
# The statistics keep a game's seed as a signed 64-bit integer: a typed seed is below 2**63
# (at most 19 digits), so the game, its record and its statistics all hold the same number.
SEED_LIMIT = 2 ** 64  # a game's seed is 64 bits: the session uses it so, the record and
# the statistics keep every one (game.stats.seed_to_db)
SEED_DIGITS = len(str(SEED_LIMIT - 1))

LABELS = {
    "kan": N_("Kan value"),
    "payment_model": N_("Who pays"),
    "teyaku_combine": N_("Hand combinations"),
    "aka_value": N_("Value of \"Red\""),
    "bdb": N_("Boar–Deer–Butterflies"),
    "nanatan_extra": N_("Seven Ribbons bonus"),
    "goko_after_shiko": N_("Five after Four Brights"),
    "sage_failure": N_("When a sage fails"),
    "multiplier_carry": N_("Extra field Brights"),
    "year_extension": N_("Year extension"),
    "hatto_liability": N_("Liability (hatto)"),
    "tobikomi_liability": N_("Diving liability"),
    "mizuten": N_("Mizuten (play blind)"),
    "hand_swap": N_("Dealer's hand swap"),
    "dropout_fee": N_("Drop-out fee"),
    "compulsory_three": N_("Last three must play"),
    "compulsory_two": N_("Last two must play"),
    "forced_out_comp": N_("Compensation for sitting out"),
    "dropout_fees": N_("Drop-out fees"),
    "rounds": N_("Rounds"),
    "two_player_payment": N_("Two-player payment"),
    "match_end": N_("Match ends"),
    "agari_count": N_("Agari needed"),
    "target_points": N_("Points target"),
    "teyaku": N_("Hand combinations"),
    "yaku_unit": N_("Points per kan"),
    "top_yaku": N_("Small yaku"),
    "field_four": N_("Four of a month on the field"),
    "more_seats": N_("More seats"),
    "tier": N_("Tier"),
    # Koi-Koi (docs/rules/koikoi.md §6.3)
    "points_scale": N_("Points of the brights"),
    "set_scoring": N_("Which yaku add up"),
    "sake_cup_chaff": N_("Sake cup as chaff too"),
    "viewing_sake": N_("Viewing sakes"),
    "viewing_points": N_("Points of a viewing sake"),
    "rain_spoils_sake": N_("Rain spoils the sake"),
    "field_weather": N_("Weather on the field"),
    "tsukifuda": N_("Cards of the Month"),
    "koi_trigger": N_("What asks koi-koi"),
    "teyaku_points": N_("Points of a dealt hand"),
    "teyaku_stack": N_("Both dealt hands pay"),
    "teyaku_both": N_("Both players dealt one"),
    "field_pairs": N_("Four pairs on the field"),
    "koi_limit": N_("Koi-koi calls a round"),
    "koi_minimum": N_("Least points to call"),
    "seven_double": N_("Double at seven"),
    "koi_bonus": N_("Koi-koi bonus"),
    "field_brights": N_("Brights dealt to the field"),
    "exhausted": N_("Hands run out"),
    "oyaken_points": N_("Dealer's privilege points"),
    "draw_dealer": N_("Dealer after a draw"),
}


# How each level plays and how hard it is to beat, in a player's words (issue 45): the ids
# stay the engine's and the arena's (ai.LEVELS), and the measured figures are one click or
# F2 away (``SetupModel.show_strength``). A level that is no key here keeps ai's own line.
LEVEL_WORDS = {
    "casual": N_("Goes for the yaku it can see but often plays without thinking, leaving "
                 "good cards on the field. The easiest opponent: right for a first game."),
    "rules": N_("Plays for yaku, blocks yours when you are close and minds what it leaves "
                "on the field. A steady opponent once you know the yaku."),
    "expectimax": N_("Thinks ahead about the cards it may draw and the hands you may hold. "
                     "A strong opponent that punishes careless play."),
    "master": N_("Reads your teyaku and your plays to guess your hand and thinks longest "
                 "over close choices. The strongest level: hard to beat."),
}


# --- words ------------------------------------------------------------------------------
def default_name(i: int) -> str:
    """Seat i's name before the player types one: the first is "You" in the player's
    language (the narration speaks to a seat of that name), the others are names."""
    return _("You") if i == 0 else DEFAULT_NAMES[i % len(DEFAULT_NAMES)]


def human_label() -> str:
    return _("Human")


def ai_label(ai_id: str) -> str:
    """Players pick named levels; an id that is no level (an old save) shows as itself.

    The level alone ("Expert"), in the closed list and the open one alike: the seat column
    is too narrow for "Computer · Expert", and a face that said "Intermediate" over a list
    that said "Computer · Expert" read as two different things (issue 23). The help text
    beside the seats says that the levels are computer players."""
    for level, agent, _d in ai.LEVELS:
        if agent == ai_id:
            return _(level)
    return _(ai.AGENT_NAMES.get(ai_id, ai_id))


def phone_label() -> str:
    return _("Phone")


def online_label() -> str:
    return _("Online")


def kind_of(label: str) -> str:
    """The seat kind id whose words are `label` (Human when none is)."""
    if label == human_label():
        return "human"
    if label == phone_label():
        return PHONE
    if label == online_label():
        return ONLINE
    for ai_id in ai.AGENTS:
        if label == ai_label(ai_id):
            return f"ai:{ai_id}"
    return "human"


def kind_label(kind: str) -> str:
    """A seat kind id ("human", "phone", "online", "ai:rules") in words: Human, Phone,
    Online, Intermediate."""
    if kind == PHONE:
        return phone_label()
    if kind == ONLINE:
        return online_label()
    return human_label() if kind == "human" else ai_label(kind[3:])


def option_label(name: str) -> str:
    """An option's name on the screen (an option without words shows its id, readable)."""
    return _(LABELS[name]) if name in LABELS else name.replace("_", " ").capitalize()


def int_choices(opt: Option, value: object) -> list[int]:
    """The values a whole-number option offers in its drop-down, inside the engine's
    minimum and maximum: every value of a small range (agari 1-12), else the option's
    sensible counts; the default and the current value (a saved setup's odd number) are
    always among them, so a loaded value shows and is kept."""
    low = opt.minimum if opt.minimum is not None else 0
    high = opt.maximum
    if high is not None and high - low < SMALL_RANGE:
        offered = set(range(low, high + 1))
    else:
        offered = {c for c in COUNT_CHOICES.get(opt.name, ())
                   if c >= low and (high is None or c <= high)}
    offered.add(opt.default)  # type: ignore[arg-type]
    if isinstance(value, int) and not isinstance(value, bool):
        offered.add(value)
    return sorted(offered)


def whole_number_problem(opt: Option) -> str:
    """What a typed option value that is not one of the option's whole numbers is told."""
    low = opt.minimum if opt.minimum is not None else 0
    if opt.maximum is not None:
        return _("Enter a whole number from {low} to {high}.").format(low=low, high=opt.maximum)
    return _("Enter a whole number, at least {low}.").format(low=low)


# --- the seed ---------------------------------------------------------------------------
def parse_seed(text: str) -> tuple[int | None, str | None]:
    """The seed the player typed: (seed, None), or (None, None) when the field is empty (a
    random seed then), or (None, problem) with the words the player is shown. The one
    place that says which seeds a game accepts: ASCII digits only ("²" and "٣" are digits
    to `str.isdigit` but no number to `int`), and below `SEED_LIMIT`, measured before
    `int` is asked (a pasted 5,000-digit number is past `int`'s own limit)."""
    got = text.strip()
    if got == "":
        return None, None
    if not (got.isascii() and got.isdigit()):
        return None, _(SEED_PROBLEM)
    digits = got.lstrip("0") or "0"
    if len(digits) > SEED_DIGITS or int(digits) >= SEED_LIMIT:
        return None, _("The seed must be at most {largest}.").format(largest=SEED_LIMIT - 1)
    return int(digits), None


# --- the measured ladder ----------------------------------------------------------------
def ladder_paths() -> list[Path]:
    """Where the measured ladder (ai/ladder.json, written by `python -m ai.ladder`) may be,
    found like every packaged file (a source tree, a wheel, a frozen build)."""
    return resources.candidates("ai", "ladder.json")


def ladder_entries() -> list[dict]:
    """The ladder's entries; none when the file is missing or damaged (no line is shown, the
    screen never fails over it)."""
    for path in ladder_paths():
        if path.is_file():
            return ladder.read(path) or []
    return []


def strength_words(entries: list[dict], agent: str, ruleset: str, seats: int,
                   options: dict) -> str | None:
    """A level's measured strength for this game in one translated line ("Scores 20 mon a
    round more than Beginner and wins 41% of rounds (an even share is 33%)."), or None if it
    was not measured."""
    got = ladder.strength_line(agent, ruleset, seats, options, entries)
    if got is None:
        return None
    return _(got.template).format(share=got.share, even=got.even, level=_(got.level),
                                  mon=got.mon)


# --- what the screen shows ----------------------------------------------------------------
@dataclass(frozen=True)
class Choice:
    """A drop-down: the words of each value, the words of the current one, and (beside the
    words) what choosing each means, so no code reads the words back. No ids: the words are
    the value (a count)."""

    values: list[str]
    current: str
    ids: list | None = None


@dataclass(frozen=True)
class OptionRow:
    """One option as the rules column shows it: its name, its control (a drop-down, or a
    text field holding `text` when `choice` is None), the line below it, and `reason` when
    the engine says it does nothing now (greyed and locked)."""

    name: str
    label: str
    choice: Choice | None
    text: str
    reason: str | None
    note: str
    error: bool


@dataclass(frozen=True)
class LevelNote:
    """A computer level for the seats' notes: its name, what it does, how strong it was
    measured for this game (None where it was not)."""

    level: str
    description: str
    strength: str | None


@dataclass
class SetupModel:
    """The choices on the New game screen and every rule about them."""

    ruleset: str
    options: dict[str, dict] = field(default_factory=dict)  # per ruleset, as chosen
    seats: list[dict] = field(default_factory=list)  # {"name": str, "kind": "human"|"ai:ID"}
    seed_text: str = ""
    house_open: bool = False  # House rules unfolded
    errors: dict[str, str] = field(default_factory=dict)  # option (or "ruleset") -> problem
    ladder: list[dict] = field(default_factory=list)  # each level's measured strength
    show_strength: bool = False  # the levels' measured figures shown (F2 or the link)
    online: bool = False  # Settings has a relay's address: the Online kind is offered

    @classmethod
    def from_last(cls, last: object, entries: list[dict] | None = None, *,
                  online: bool = False) -> SetupModel:
        """The setup the player left last time (`settings.last_setup`), whatever its shape:
        an unknown ruleset is the first one, anything of the wrong type is forgotten.
        `online`: a relay is set (Settings), so a seat may be Online."""
        last = last if isinstance(last, dict) else {}
        names = rulesets.names()
        ruleset = last.get("ruleset")
        options = last.get("options")
        seats = last.get("seats")
        return cls(ruleset=ruleset if ruleset in names else names[0],
                   options=options if isinstance(options, dict) else {},
                   seats=[s for s in seats if isinstance(s, dict)]
                   if isinstance(seats, list) else [],
                   house_open=bool(last.get("house_rules", False)),
                   ladder=ladder_entries() if entries is None else entries, online=online)

    def remembered(self) -> dict:
        """What `settings.last_setup` keeps of this setup (the seed is never kept)."""
        return {"ruleset": self.ruleset, "options": self.options, "seats": self.seats,
                "house_rules": self.house_open}

    # --- the ruleset and its options -------------------------------------------------
    def table(self) -> tuple[Option, ...]:
        return rulesets.ruleset_class(self.ruleset).OPTIONS

    def opts(self) -> dict:
        """This ruleset's chosen options, unknown or stale names dropped."""
        known = {o.name for o in self.table()}
        got = self.options.setdefault(self.ruleset, {})
        for k in list(got):
            if k not in known:
                del got[k]
        return got

    def effective(self) -> dict:
        """Every option of this ruleset: the chosen values over the defaults."""
        return {o.name: o.default for o in self.table()} | self.opts()

    def configured(self) -> rulesets.Ruleset | None:
        """The ruleset with these options, or None (the engine's reason in errors)."""
        self.errors.pop("ruleset", None)
        try:
            rulesets.check_new_game(self.ruleset, self.opts())  # a new game's limits
            return rulesets.get(self.ruleset, **self.opts())
        except ValueError as e:
            self.errors["ruleset"] = str(e)
            return None

    def applicability(self) -> dict[str, str]:
        """Options that do nothing with these options and seats, with the engine's reason."""
        cls = rulesets.ruleset_class(self.ruleset)
        chosen = self.effective()
        n = len(self.seats) or self.seat_count()
        out = {}
        for o in cls.OPTIONS:
            reason = cls.option_applies(o.name, chosen, n)
            if reason is not None:
                out[o.name] = reason
        return out

    def choose_ruleset(self, name: str) -> bool:
        """Another game; False when it is the one chosen already (nothing to redo)."""
        if name == self.ruleset:
            return False
        self.ruleset = name
        self.errors = {}
        return True

    def choose_preset(self, name: str) -> bool:
        """A preset's options (the game length kept); Custom changes nothing."""
        if name == CUSTOM:
            return False
        self.options[self.ruleset] = apply_preset(self.ruleset, name, self.opts())
        self.errors = {}
        return True

    def set_option(self, name: str, picked: object) -> bool:
        """An option's value chosen from its list (bool and listed values by id, counts by
        their words); False when the option does nothing now (greyed: it cannot change)."""
        opt = {o.name: o for o in self.table()}[name]
        if opt.kind is bool:
            value: object = picked is True
        else:
            value = int(picked) if opt.kind is int else picked  # type: ignore[call-overload]
        if name in self.applicability():
            return False
        self.opts()[name] = value
        return True

    def type_option(self, name: str, text: str) -> None:
        """An option's value typed in a field: kept when the engine accepts it, else the
        field's problem is told and the old value stays."""
        opt = {o.name: o for o in self.table()}[name]
        try:
            value = int(text.strip())
            opt.check(value)
            self.opts()[name] = value
            self.errors.pop(name, None)
        except ValueError:
            self.errors[name] = whole_number_problem(opt)

    # --- seats ------------------------------------------------------------------------
    def seat_range(self) -> tuple[int, int]:
        rs = self.configured()
        if rs is None:
            return 3, 3
        return rs.min_seats, rs.max_seats

    def seat_count(self) -> int:
        lo, hi = self.seat_range()
        n = len(self.seats) or 3
        return min(hi, max(lo, n))

    def fix_seats(self) -> None:
        """As many seats as the game allows (new ones: the player, then computers), each
        of a kind that exists."""
        n = self.seat_count()
        while len(self.seats) < n:
            i = len(self.seats)
            self.seats.append({"name": default_name(i),
                               "kind": "human" if i == 0 else f"ai:{DEFAULT_AI}"})
        del self.seats[n:]
        for s in self.seats:
            if isinstance(s.get("name"), str) and is_you(s["name"]):
                s["name"] = _("You")  # the default name in today's language; typed names stay
            kind = s.get("kind")
            if kind == ONLINE and not self.online:  # the relay went: still a remote human
                s["kind"] = kind = PHONE
            if not (kind in ("human", PHONE, ONLINE)
                    or (isinstance(kind, str) and kind.startswith("ai:")
                        and kind[3:] in ai.AGENTS)):
                s["kind"] = f"ai:{DEFAULT_AI}"

    def set_seat_count(self, n: int) -> None:
        """n seats: the last ones go, or new computer seats join."""
        self.seats = self.seats[:n]
        while len(self.seats) < n:
            i = len(self.seats)
            self.seats.append({"name": default_name(i), "kind": f"ai:{DEFAULT_AI}"})

    def set_seat_kind(self, i: int, picked: object, words: str) -> None:
        """Seat i's kind, chosen by its id (or, failing that, by its words)."""
        self.seats[i]["kind"] = picked if isinstance(picked, str) and picked != words \
            else kind_of(words)

    def name_seat(self, i: int, text: str) -> None:
        self.seats[i]["name"] = text

    # --- the start ----------------------------------------------------------------------
    def problems(self) -> list[str]:
        """Why Start is refused, in the player's words; empty when the game can start."""
        problems = [v for k, v in self.errors.items() if k != "ruleset"]
        if self.configured() is None:
            problems.append(self.errors.get("ruleset", _("invalid options")))
        _seed, seed_problem = parse_seed(self.seed_text)
        if seed_problem is not None:
            problems.append(seed_problem)
        return problems

    def session(self) -> tuple[GameSession | None, str | None]:
        """The game this setup starts (a random seed when none is typed), or None and why."""
        problems = self.problems()
        if problems:
            return None, problems[0]
        seed, _problem = parse_seed(self.seed_text)
        if seed is None:
            seed = secrets.randbits(48)
        remote = (PHONE, ONLINE)  # Online without a relay set: a phone seat
        seats = [SeatSpec(clean_name(s.get("name"), _("Seat {n}").format(n=i + 1)),
                          "human" if s["kind"] in remote else s["kind"], s["kind"] in remote,
                          self.online and s["kind"] == ONLINE)
                 for i, s in enumerate(self.seats)]
        try:
            return GameSession(self.ruleset, self.opts(), seats, seed), None
        except ValueError as e:
            return None, str(e)

    # --- what each column shows -----------------------------------------------------------
    def games(self) -> list[tuple[str, str]]:
        """(id, title) of every game, in the engine's order."""
        return [(n, _(rulesets.ruleset_class(n).title)) for n in rulesets.names()]

    def summary(self) -> str:
        return _(rulesets.ruleset_class(self.ruleset).summary)

    def preset_choice(self) -> Choice | None:
        """The presets of this game (Custom among them only when the options match none),
        or None for a game without presets."""
        presets = presets_for(self.ruleset)
        if not presets:
            return None
        current = preset_name(self.ruleset, self.opts()) or CUSTOM
        names = [n for n, _o in presets] + ([CUSTOM] if current == CUSTOM else [])
        return Choice([preset_label(self.ruleset, n) for n in names],
                      preset_label(self.ruleset, current), names)

    def option_rows(self) -> tuple[list[OptionRow], list[OptionRow]]:
        """The options as rows: those about the game's length and end, then the house
        rules (shown when unfolded)."""
        chosen = self.opts()
        reasons = self.applicability()
        rows = [self._row(o, chosen.get(o.name, o.default), reasons.get(o.name))
                for o in self.table()]
        return ([r for r in rows if r.name in MAIN_OPTIONS],
                [r for r in rows if r.name not in MAIN_OPTIONS])

    def _row(self, opt: Option, value: object, reason: str | None) -> OptionRow:
        choice: Choice | None = None
        if opt.kind is bool:
            choice = Choice([_("Off"), _("On")], _("On") if value else _("Off"), [False, True])
        elif opt.values:
            vals = [value_words(opt.name, v) for v in opt.values]
            shown = value_words(opt.name, value)
            choice = Choice(vals, shown if shown in vals else vals[0], list(opt.values))
        elif opt.kind is int:
            choice = Choice([str(c) for c in int_choices(opt, value)], str(value))
        err = self.errors.get(opt.name)
        note = err or (not_applies(reason) if reason else
                       value_explained(opt.name, value) or _(opt.help))
        return OptionRow(opt.name, option_label(opt.name), choice, str(value), reason, note,
                         bool(err))

    def seats_label(self) -> str:
        lo, hi = self.seat_range()
        # a game for exactly N players says so, not "Seats (2–2)" (issue 23)
        return _("Seats ({low}–{high})").format(low=lo, high=hi) if lo < hi else _("Seats")

    def count_choice(self) -> Choice:
        lo, hi = self.seat_range()
        return Choice([str(i) for i in range(lo, hi + 1)], str(len(self.seats)))

    def kind_choices(self) -> list[Choice]:
        """Each seat's kind: Human, Phone, Online (with a relay set) or a computer level (a
        saved kind that is no level stays selectable)."""
        kind_ids = ["human", PHONE] + ([ONLINE] if self.online else []) + \
            [f"ai:{agent}" for _l, agent, _d in ai.LEVELS]
        for s in self.seats:
            if s["kind"] not in kind_ids:
                kind_ids.append(s["kind"])
        kinds = [kind_label(k) for k in kind_ids]
        return [Choice(kinds, kind_label(s["kind"]), kind_ids) for s in self.seats]

    def level_notes(self) -> list[LevelNote]:
        """The computer levels, each with its measured strength for this very game."""
        chosen = self.effective()
        return [LevelNote(_(level), _(LEVEL_WORDS.get(agent, d)),
                          strength_words(self.ladder, agent, self.ruleset, len(self.seats),
                                         chosen))
                for level, agent, d in ai.LEVELS]

    def strength_link(self) -> str | None:
        """The words of the link that shows or hides the measured strength (None when no
        level was measured for this game)."""
        if not any(n.strength for n in self.level_notes()):
            return None
        return _("Hide the measured strength (F2)") if self.show_strength else \
            _("Show each level's measured strength (F2)")

"""The card info popover and the card tooltip (TABLE.md §6.1, issue 23 minor 4): a card's
name, kind, month, its points here, and the combinations it is part of under this game's
rules and options. Every fact is the engine's (`game.engine.cardinfo.card_facts`); this
module only words and draws them."""

from __future__ import annotations

import pygame

from game.engine.cardinfo import CardFacts, CardRole, card_facts
from game.engine.cards import INDEX
from game.engine.view import PlayerView
from game.engine.vocab import Category
from game.i18n import _, ngettext
from game.play import yaku_facts
from game.play.choices import money
from game.play.narrate import joined
from game.play.terms import SUDAOSHI_ROLES, card_name, kind_name, month_word, term
from game.ui import theme

Line = tuple[str, tuple, bool]  # text, colour, bold


def visible_cards(view: PlayerView) -> int:
    """The cards face up for this view (field, piles, own hand, revealed teyaku, the drawn
    card): only these have an info popover, so it never names a hidden card."""
    m = view.field_mask | view.hand_mask
    for pile in view.captured_masks:
        m |= pile
    for claim in view.claims.values():
        m |= claim.mask
    if view.drawn >= 0:
        m |= 1 << view.drawn
    return m


def is_visible(view: PlayerView, card: str | None) -> bool:
    return card in INDEX and bool(visible_cards(view) >> INDEX[card] & 1)


def summary(f: CardFacts, points: bool = True) -> str:
    """ "Bright · Pine (month 1) · 20 points"; without the points where card points never
    count (Koi-Koi: "Bright · Pine (month 1)")."""
    if not points:
        return _("{kind} · {month} (month {n})").format(
            kind=kind_name(f.kind), month=month_word(f.month), n=f.month)
    return ngettext("{kind} · {month} (month {n}) · {points} point",
                    "{kind} · {month} (month {n}) · {points} points", f.points).format(
        kind=kind_name(f.kind), month=month_word(f.month), n=f.month, points=f.points)


def _only(rs_name: str, role: CardRole) -> str:
    if role.positions is None:
        return ""
    if rs_name == "sudaoshi":
        who = joined(_(SUDAOSHI_ROLES[p]) for p in role.positions if p < len(SUDAOSHI_ROLES))
    else:
        who = joined(str(p + 1) for p in role.positions)
    return _(" (only for: {who})").format(who=who)


def yaku_line(rs_name: str, role: CardRole, step: int = 0) -> str:
    """ "五光 Gokō · Five Brights — 5 cards · 144 mon"; with `step` (what each card more
    adds, Koi-Koi's counted yaku) "タネ Tane · Animals — 5 of 9 cards · 1 mon, +1 each more"."""
    if role.need and role.need < role.size:
        cards = _("{need} of {size} cards").format(need=role.need, size=role.size)
    else:
        cards = ngettext("{n} card", "{n} cards", role.need).format(n=role.need)
    value = money(role.value) if role.value is not None else _("value varies")
    if step and role.value is not None:
        value = _("{amount}, +{step} each more").format(amount=value, step=step)
    return _("{yaku} — {cards} · {value}").format(yaku=term(role.id), cards=cards,
                                                   value=value) + _only(rs_name, role)


def info_lines(rs: object, card: str) -> list[Line]:
    """The popover's lines for `card` under ruleset `rs`."""
    f = card_facts(rs, card)
    name = getattr(rs, "name", "")
    points = getattr(rs, "counts_card_points", True)
    lines: list[Line] = [(card_name(card), theme.GOLD, True),
                         (summary(f, points), theme.TEXT, False)]
    if not f.in_deck:
        lines.append((_("Not in this game's deck."), theme.TEXT_DIM, False))
    from game.ui.scenes.reference import card_notes, willow_rule

    if f.counts_as_chaff and willow_rule(rs):  # type: ignore[arg-type]
        lines.append((_("Counts as chaff for teyaku and specials (the Willow rule)."),
                      theme.TEXT_DIM, False))
    elif f.in_deck and not points:  # a game scored by yaku alone: what the card does there
        lines += [(note, theme.TEXT_DIM, False) for note in card_notes(rs, card)]  # type: ignore[arg-type]
    dekiyaku = [r for r in f.roles if r.category == Category.DEKIYAKU]
    teyaku = [r for r in f.roles if r.category == Category.TEYAKU]
    if dekiyaku:
        lines.append((_("Part of these yaku:"), theme.TEXT_DIM, True))
        steps = {} if points else {k: f.step for k, f in yaku_facts.yaku_facts(rs).items()}  # type: ignore[arg-type]
        lines.extend((f"  {yaku_line(name, r, steps.get(r.id, 0))}", theme.MATCH, False)
                     for r in dekiyaku)
    if teyaku:
        lines.append((_("Counts in these teyaku (dealt hands):"), theme.TEXT_DIM, True))
        lines.append((f"  {joined(term(r.id) for r in teyaku)}", theme.TEXT, False))
    if not dekiyaku and not teyaku:
        lines.append((_("Part of no yaku in this game: it counts for its points.") if points
                      else _("Part of no yaku in this game."), theme.TEXT_DIM, False))
    return lines


def tooltip_text(rs: object, card: str) -> str:
    """The hover tooltip: "Crane · Bright · 20 pts · 五光, 四光" (right-click or I: more)."""
    f = card_facts(rs, card)
    yaku = [term(r.id) for r in f.roles if r.category == Category.DEKIYAKU]
    if getattr(rs, "counts_card_points", True):
        text = _("{name} · {kind} · {points} pts").format(
            name=card_name(card), kind=kind_name(f.kind), points=f.points)
    else:  # Koi-Koi: the cards have no points to name
        text = _("{name} · {kind}").format(name=card_name(card), kind=kind_name(f.kind))
    if yaku:
        more = len(yaku) - 2
        listed = joined(yaku[:2]) + (f" +{more}" if more > 0 else "")
        text = _("{card} · {yaku}").format(card=text, yaku=listed)
    return text


def draw_popover(surface: pygame.Surface, anchor: pygame.Rect, lines: list[Line],
                 size: int, below: bool = False, closes: bool = True) -> pygame.Rect:
    """The popover beside `anchor` (right of it when there is room, else left; with `below`,
    under it; always inside the window), with a footer saying how to close it when it
    `closes` by a key or click (a hover popover goes with the mouse); returns its rect."""
    W, H = surface.get_size()
    foot = _("Esc or a click closes") if closes else ""
    width = min(round(W * 0.5), max(260, size * 26),  # wider as the text grows
                max(theme.text_width(t, size, bold) for t, _c, bold in
                    [*lines, (foot, theme.TEXT_DIM, False)]) + 24)
    wrapped: list[Line] = []
    for text, colour, bold in lines:
        wrapped.extend((part, colour, bold) for part in theme.wrap(text, size, width - 24, bold))
    line_h = round(size * 1.35)
    h = (len(wrapped) + (1 if foot else 0)) * line_h + 18
    rect = pygame.Rect(0, 0, width, min(h, H - 8))
    if below:
        rect.topleft = (anchor.x, anchor.bottom + 4)
    else:
        rect.midleft = (anchor.right + 10, anchor.centery)
        if rect.right > W - 4:
            rect.midright = (anchor.x - 10, anchor.centery)
    rect.clamp_ip(surface.get_rect().inflate(-8, -8))
    theme.panel(surface, rect, alpha=248, line=theme.GOLD)
    y = rect.y + 9
    clip = surface.get_clip()
    surface.set_clip(rect)
    for text, colour, bold in wrapped:
        theme.blit_text(surface, text, size, (rect.x + 12, y), colour, bold)
        y += line_h
    if foot:
        theme.blit_text(surface, foot, max(11, size - 2), (rect.right - 10, rect.bottom - 6),
                        theme.TEXT_DIM, False, "bottomright")
    surface.set_clip(clip)
    return rect


__all__ = ["draw_popover", "info_lines", "is_visible", "summary", "tooltip_text",
           "visible_cards", "yaku_line"]

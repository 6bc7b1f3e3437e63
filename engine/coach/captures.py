"""The coach's words for Scopa: what a play takes and what it leaves on the table, what is at
stake (the settebello, the diamonds, the sevens of the primiera, the cards), what the seat
knows (what each side has taken, what is still out).

Read from the seat's :class:`engine.coach.knowledge.Knowledge` and the engine's explanation of
the play told to that seat.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..cards import CARD_BY_TEXT, CARDS, SUIT_OF, Suit
from ..i18n import _, ngettext, pgettext
from . import words as w
from .knowledge import Knowledge

SETTEBELLO = CARD_BY_TEXT["7D"]
DIAMONDS = 1


def rank_words(total: int) -> tuple[str, str]:
    """The rank worth ``total`` in Scopa, singular and plural, in the deck's words:
    ('jack', 'jacks') for 8 (the Venetian deck's 'knave')."""
    rank = CARDS[total - 1].rank
    return rank.word, rank.words


def _coins(count: int) -> str:
    """'a diamond', '3 diamonds' (in the Venetian deck, coins)."""
    return ngettext("a {suit_one}", "{n} {suits}", count).format(
        n=count, suit_one=Suit.DIAMONDS.singular, suits=Suit.DIAMONDS.noun)


def value(card: int) -> int:
    """Scopa's capture value: ace 1 ... seven 7, jack 8, queen 9, king 10."""
    return card % 10 + 1


def action_words(action: str) -> str:
    """'the seven of diamonds taking the seven of clubs'; 'the king of clubs taking nothing'."""
    card, _sep, taken = action.partition(" x ")
    if not taken:
        return _("{card} taking nothing").format(**w.forms(card))
    return _("{card} taking {cards}").format(**w.forms(card), **w.card_list(taken.split()))


class CaptureTable:
    """One seat's words about a Scopa table."""

    def __init__(self, k: Knowledge, names: tuple[str, ...]):
        self.k = k
        self.names = names
        obs = k.observation
        self.sides: list[list[int]] = obs["sides"]
        self.side = obs["side"]
        self.table = [CARD_BY_TEXT[c] for c in obs["table"]]

    def side_name(self, side: int, start: bool = False) -> str:
        seats = self.sides[side]
        if side == self.side:
            name = (pgettext("a side in a tally", "your side") if len(seats) > 1
                    else pgettext("a side in a tally", "you"))
        else:
            name = w.listed(self.names[s] for s in seats)
        return w.capital(name) if start else name

    # ---- what a play does ------------------------------------------------------------------

    def does(self, action: str, explained: Mapping[str, Any], subject: str | None = None) -> str:
        """What the play takes and what it leaves, in a sentence whose subject is the card
        (or ``subject``, e.g. "it")."""
        card_text, _sep, taken_text = action.partition(" x ")
        card = CARD_BY_TEXT[card_text]
        taken = [CARD_BY_TEXT[c] for c in taken_text.split()]
        last_play = bool(explained.get("last_play"))
        subject = subject or w.card(card)
        it = w.capital(subject)
        if not taken:
            text = _("{It} takes nothing and stays on the table").format(It=it)
            left = self.table + [card]
        else:
            gained = taken + [card]
            bits = [w.card_count(len(gained))]
            if SETTEBELLO in gained:
                bits.append(_("the settebello"))
            diamonds = sum(1 for c in gained if SUIT_OF[c] == DIAMONDS and c != SETTEBELLO)
            if diamonds:
                bits.append(_("{diamonds} more").format(diamonds=_coins(diamonds))
                            if SETTEBELLO in gained else _coins(diamonds))
            sevens = sum(1 for c in gained if value(c) == 7)
            if sevens:
                bits.append(ngettext("a seven for the primiera", "{n} sevens for the primiera",
                                     sevens).format(n=sevens))
            text = _("{It} takes {cards} ({gains})").format(
                It=it, gains=w.listed(bits), **w.card_list(taken))
            left = [c for c in self.table if c not in taken]
            if explained.get("scopa"):
                text += _(": it clears the table, a scopa and a point")
            elif explained.get("clears_table"):
                text += _(": it clears the table, but on the deal's last play that is no scopa")
        if last_play:
            return text
        return text + self._leaves(left, card)

    def _leaves(self, left: list[int], played: int) -> str:
        if not left:
            return _(", and the next player faces an empty table")
        total = sum(value(c) for c in left)
        rank = CARDS[total - 1].rank if 1 <= total <= 10 else None
        one = rank.word if rank is not None else ""
        if len(left) == 1:
            text = _("; it leaves {card} alone: another {rank} sweeps it").format(
                rank=one, **w.forms(left[0]))
        else:
            text = _("; it leaves {cards} adding up to {total}").format(
                cards=w.card_count(len(left)), total=total)
            if total <= 10:
                text += _(": a single {rank} sweeps them").format(rank=one)
        if rank is not None:
            out = [c for c in self.k.unseen if value(c) == total]
            if len(out) == 1:
                text += _(", and {a_rank} is still out").format(a_rank=rank.a)
            elif out:
                text += _(", and {n} {ranks} are still out").format(n=len(out), ranks=rank.words)
            else:
                text += _(", but no {rank} is still out").format(rank=one)
            yours = [c for c in (CARD_BY_TEXT[h] for h in self.k.hand)
                     if c != played and value(c) == total]
            if yours:
                said = (_("; your own {card_name} could sweep it on your next turn")
                        if len(left) == 1 else
                        _("; your own {card_name} could sweep them on your next turn"))
                text += said.format(**w.forms(yours[0]))
        else:
            text += _(", too much for one card to sweep")
        if SETTEBELLO in left:
            sevens = [c for c in self.k.unseen if value(c) == 7]
            text += _(", with the settebello on it for any seven ({sevens} still out)").format(
                sevens=w.sevens(len(sevens)))
        return text

    # ---- what is at stake, what is known ---------------------------------------------------

    def stake(self) -> list[str]:
        k = self.k
        out = []
        if self.table:
            diamonds = sum(1 for c in self.table if SUIT_OF[c] == DIAMONDS)
            bits = [w.card_count(len(self.table))]
            if SETTEBELLO in self.table:
                bits.append(_("the settebello"))
            if diamonds:
                bits.append(ngettext("{n} {suit_one}", "{n} {suits}", diamonds).format(
                    n=diamonds, suit_one=Suit.DIAMONDS.singular, suits=Suit.DIAMONDS.noun))
            out.append(_("On the table: {cards} ({counts})").format(
                cards=w.cards(self.table), counts=w.listed(bits)))
        if k.stock:
            out.append(_("{cards} are left in the stock").format(cards=w.card_count(k.stock)))
        else:
            out.append(_("This is the deal's last round: whatever is left on the table at the "
                         "end goes to the last player who captured"))
        return out

    def known(self) -> list[str]:
        k = self.k
        captured = [[CARD_BY_TEXT[c] for c in side] for side in k.observation["captured"]]
        out = []
        sevens = [sum(1 for c in side if value(c) == 7) for side in captured]
        unseen_sevens = sum(1 for c in k.unseen if value(c) == 7)
        out.append(_("Sevens, the primiera's best cards: {sides}; {n} still out").format(
            sides=", ".join(f"{self.side_name(s)} {sevens[s]}" for s in range(len(captured))),
            n=unseen_sevens))
        holder = next((s for s, side in enumerate(captured) if SETTEBELLO in side), None)
        if holder is not None:
            if holder == self.side:
                out.append(_("Your side have taken the settebello") if len(self.sides[holder]) > 1
                           else _("You have taken the settebello"))
            else:
                out.append(ngettext("{players} has taken the settebello",
                                    "{players} have taken the settebello",
                                    len(self.sides[holder])).format(
                    players=self.side_name(holder, True)))
        elif SETTEBELLO in k.unseen:
            out.append(_("The settebello is still out"))
        two = len(captured) == 2
        diamonds = [sum(1 for c in side if SUIT_OF[c] == DIAMONDS) for side in captured]
        sides = ", ".join(f"{self.side_name(s)} {diamonds[s]}" for s in range(len(captured)))
        out.append(w.capital((_("{suits} taken: {sides} (6 make sure of the point)") if two
                              else _("{suits} taken: {sides}")).format(
            suits=Suit.DIAMONDS.noun, sides=sides)))
        counts = [len(side) for side in captured]
        sides = ", ".join(f"{self.side_name(s)} {counts[s]}" for s in range(len(captured)))
        out.append((_("Cards taken: {sides} (21 make sure of the point)") if two
                    else _("Cards taken: {sides}")).format(sides=sides))
        return out

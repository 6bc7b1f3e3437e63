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
    return f"a {Suit.DIAMONDS.singular}" if count == 1 else f"{count} {Suit.DIAMONDS.noun}"


def value(card: int) -> int:
    """Scopa's capture value: ace 1 ... seven 7, jack 8, queen 9, king 10."""
    return card % 10 + 1


def action_words(action: str) -> str:
    """'the seven of diamonds taking the seven of clubs'; 'the king of clubs taking nothing'."""
    card, _, taken = action.partition(" x ")
    return f"{w.card(card)} taking {w.cards(taken.split()) if taken else 'nothing'}"


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
            name = "your side" if len(seats) > 1 else "you"
        else:
            name = w.listed(self.names[s] for s in seats)
        return name[0].upper() + name[1:] if start else name

    # ---- what a play does ------------------------------------------------------------------

    def does(self, action: str, explained: Mapping[str, Any], subject: str | None = None) -> str:
        """What the play takes and what it leaves, in a sentence whose subject is the card
        (or ``subject``, e.g. "it")."""
        card_text, _, taken_text = action.partition(" x ")
        card = CARD_BY_TEXT[card_text]
        taken = [CARD_BY_TEXT[c] for c in taken_text.split()]
        last_play = bool(explained.get("last_play"))
        subject = subject or w.card(card)
        it = subject[0].upper() + subject[1:]
        if not taken:
            text = f"{it} takes nothing and stays on the table"
            left = self.table + [card]
        else:
            text = f"{it} takes {w.cards(taken)}"
            gained = taken + [card]
            bits = []
            if SETTEBELLO in gained:
                bits.append("the settebello")
            diamonds = sum(1 for c in gained if SUIT_OF[c] == DIAMONDS and c != SETTEBELLO)
            if diamonds:
                bits.append(_coins(diamonds)
                            + (" more" if SETTEBELLO in gained else ""))
            sevens = sum(1 for c in gained if value(c) == 7)
            if sevens:
                bits.append(("a seven" if sevens == 1 else f"{sevens} sevens") + " for the primiera")
            text += f" ({w.listed([w.count(len(gained), 'card')] + bits)})"
            left = [c for c in self.table if c not in taken]
            if explained.get("scopa"):
                text += ": it clears the table, a scopa and a point"
            elif explained.get("clears_table"):
                text += ": it clears the table, but on the deal's last play that is no scopa"
        if last_play:
            return text
        return text + self._leaves(left, card)

    def _leaves(self, left: list[int], played: int) -> str:
        if not left:
            return ", and the next player faces an empty table"
        total = sum(value(c) for c in left)
        one, many = rank_words(total) if 1 <= total <= 10 else ("", "")
        if len(left) == 1:
            text = f"; it leaves {w.card(left[0])} alone: another {one} sweeps it"
        else:
            text = f"; it leaves {w.count(len(left), 'card')} adding up to {total}"
            if total <= 10:
                text += f": a single {one} sweeps them"
        if total <= 10:
            out = [c for c in self.k.unseen if value(c) == total]
            if len(out) == 1:
                text += f", and one {one} is still out"
            elif out:
                text += f", and {len(out)} {many} are still out"
            else:
                text += f", but no {one} is still out"
            yours = [c for c in (CARD_BY_TEXT[h] for h in self.k.hand)
                     if c != played and value(c) == total]
            if yours:
                text += (f"; your own {w.bare(yours[0])} could sweep "
                         f"{'it' if len(left) == 1 else 'them'} on your next turn")
        else:
            text += ", too much for one card to sweep"
        if SETTEBELLO in left:
            sevens = [c for c in self.k.unseen if value(c) == 7]
            text += (f", with the settebello on it for any seven ({w.count(len(sevens), 'seven')} "
                     "still out)")
        return text

    # ---- what is at stake, what is known ---------------------------------------------------

    def stake(self) -> list[str]:
        k = self.k
        out = []
        if self.table:
            diamonds = sum(1 for c in self.table if SUIT_OF[c] == DIAMONDS)
            bits = [w.count(len(self.table), "card")]
            if SETTEBELLO in self.table:
                bits.append("the settebello")
            if diamonds:
                bits.append(w.count(diamonds, Suit.DIAMONDS.singular))
            out.append(f"On the table: {w.cards(self.table)} ({w.listed(bits)})")
        if k.stock:
            out.append(f"{w.count(k.stock, 'card')} are left in the stock")
        else:
            out.append("This is the deal's last round: whatever is left on the table at the end "
                       "goes to the last player who captured")
        return out

    def known(self) -> list[str]:
        k = self.k
        captured = [[CARD_BY_TEXT[c] for c in side] for side in k.observation["captured"]]
        out = []
        sevens = [sum(1 for c in side if value(c) == 7) for side in captured]
        unseen_sevens = sum(1 for c in k.unseen if value(c) == 7)
        out.append("Sevens, the primiera's best cards: "
                   + ", ".join(f"{self.side_name(s)} {sevens[s]}" for s in range(len(captured)))
                   + f"; {unseen_sevens} still out")
        holder = next((s for s, side in enumerate(captured) if SETTEBELLO in side), None)
        if holder is not None:
            out.append(f"{self.side_name(holder, True)} "
                       f"{'have' if holder == self.side or len(self.sides[holder]) > 1 else 'has'} "
                       "taken the settebello")
        elif SETTEBELLO in k.unseen:
            out.append("The settebello is still out")
        two = len(captured) == 2
        diamonds = [sum(1 for c in side if SUIT_OF[c] == DIAMONDS) for side in captured]
        out.append(f"{Suit.DIAMONDS.noun.capitalize()} taken: " + ", ".join(
            f"{self.side_name(s)} {diamonds[s]}" for s in range(len(captured)))
            + (" (6 make sure of the point)" if two else ""))
        counts = [len(side) for side in captured]
        out.append("Cards taken: " + ", ".join(
            f"{self.side_name(s)} {counts[s]}" for s in range(len(captured)))
            + (" (21 make sure of the point)" if two else ""))
        return out

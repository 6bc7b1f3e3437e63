"""The coach's words for the trick games, Briscola and Madrasso: what a card does in the
trick, what is at stake, what the seat knows.

Everything is read from the seat's :class:`engine.coach.knowledge.Knowledge` and from the
engine's explanation of the card told to that seat (``Game.explain(action, viewer=seat)``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..cards import CARD_BY_TEXT, CARD_TEXT, CARDS, POINTS, SUIT_OF
from ..tricks import power
from . import words as w
from .knowledge import Knowledge


class TrickTable:
    """One seat's words about the table of a trick game."""

    def __init__(self, k: Knowledge, names: tuple[str, ...]):
        self.k = k
        self.names = names
        self.info = k.info
        self.partnered = k.info.partnered(k.players)

    # ---- seats ----------------------------------------------------------------------------

    def ours(self, seat: int) -> bool:
        return seat == self.k.seat or (self.partnered and seat % 2 == self.k.seat % 2)

    def name(self, seat: int) -> str:
        return "you" if seat == self.k.seat else self.names[seat]

    def side_words(self) -> str:
        return "your side" if self.partnered else "you"

    def still_to_play(self) -> list[int]:
        """The seats that play to this trick after the seat (Madrasso: up to two)."""
        n = self.k.players
        played = len(self.k.trick)
        return [(self.k.seat + i) % n for i in range(1, n - played)]

    # ---- what a card does ------------------------------------------------------------------

    def does(self, action: str, explained: Mapping[str, Any], subject: str | None = None) -> str:
        """What playing ``action`` does to the trick, in a sentence whose subject is the
        card (or ``subject``, e.g. "it", when the card was just named)."""
        if action == "swap":
            took = explained.get("took") or ""
            worth = POINTS[CARD_BY_TEXT[took]] if took else 0
            return (f"The swap gives you the turned-up {w.bare(took)} for your seven of trumps: "
                    f"a higher trump worth {w.count(worth, 'point')} for one worth none, and "
                    "you still play to the trick after it")
        card = CARD_BY_TEXT[action]
        subject = subject or w.card(card)
        if not self.k.trick:
            return self._lead(card, subject)
        return self._follow(card, explained, subject)

    def _lead(self, card: int, subject: str) -> str:
        k, trump = self.k, self.k.trump
        assert trump is not None
        points = POINTS[card]
        risk = (f"it puts {w.count(points, 'point')} on the trick" if points
                else "it risks no points")
        it = subject[0].upper() + subject[1:]
        higher = k.unseen_higher(card)
        if SUIT_OF[card] == trump:
            must = (", and the others must follow with a trump if they hold one"
                    if self.partnered else "")
            if not higher:
                return f"No trump still out beats {subject}, so it wins the trick; {risk}{must}"
            return (f"{it} is a trump: only a higher trump beats it, and "
                    f"{self._cards_out(higher)}; {risk}{must}")
        trumps = k.unseen_trumps()
        suit = CARDS[card].suit.noun
        if not higher and not trumps:
            return f"Nothing still out beats {subject}, so it wins the trick; {risk}"
        beaten = []
        if higher:
            beaten.append(f"a higher {CARDS[card].suit.singular} ({self._cards_out(higher)})")
        if trumps:
            out = f"{w.count(len(trumps), 'trump')} still out"
            beaten.append(f"a trump from a seat with no {suit} ({out})" if self.partnered
                          else f"any trump ({out})")
        text = f"{it} can be beaten by {w.listed(beaten, 'or')}; {risk}"
        void = [self.names[s] for s in range(k.players) if not self.ours(s)
                and k.void(s, SUIT_OF[card])]
        if void:
            text += f", and {w.listed(void)} {'has' if len(void) == 1 else 'have'} shown no {suit}"
        return text

    def _follow(self, card: int, explained: Mapping[str, Any], subject: str) -> str:
        k, trump = self.k, self.k.trump
        assert trump is not None
        led = SUIT_OF[CARD_BY_TEXT[k.trick[0][1]]]
        top_seat, top = max(((s, CARD_BY_TEXT[c]) for s, c in k.trick),
                            key=lambda p: power(p[1], led, trump))
        winning = explained.get("winning") or {}
        winner = winning.get("seat", top_seat)
        complete = bool(explained.get("trick_complete"))
        points = sum(POINTS[CARD_BY_TEXT[c]] for _, c in k.trick) + POINTS[card]
        if explained.get("last_trick_bonus"):
            points += self.info.last_trick_bonus
        stake = w.count(points, "point")
        later = self.still_to_play()
        after = w.listed(self.names[s] for s in later)
        mine = POINTS[card]
        it = subject[0].upper() + subject[1:]
        if winner == k.seat:
            how = (f"trumps {w.card(top)}" if SUIT_OF[card] == trump and SUIT_OF[top] != trump
                   else f"beats {w.card(top)}")
            if complete:
                won = (f": {stake} for {self.side_words()}" if points else ", though it holds no points")
                return f"{it} {how} and wins the trick{won}{self._last_draw(True)}"
            beaters = sorted(self._beaters(card, led), key=lambda c: -power(c, led, trump))
            if not beaters:
                threat = "nothing still out beats it"
            elif len(beaters) <= 2:
                threat = f"{w.cards(beaters)}, still out, could beat it"
            else:
                threat = f"{len(beaters)} cards still out could beat it"
            return (f"{it} {how} and leads the trick for now, but {after} still "
                    f"{'plays' if len(later) == 1 else 'play'} after you, and {threat}")
        if self.ours(winner):
            adds = f"{subject} adds its {w.count(mine, 'point')}" if mine else f"{subject} adds nothing"
            text = (f"{self.names[winner]}, your partner, is winning the trick with "
                    f"{w.card(winning.get('card') or top)}, and {adds}")
            if complete:
                return text + f": {stake} for your side"
            return text + f"; {after} still to play"
        holder = self.name(winner)
        beat_card = winning.get("card") or CARD_TEXT[top]
        could = [c for c in self._legal_cards() if power(c, led, trump) > power(top, led, trump)]
        gives = f"gives away its own {w.count(mine, 'point')}" if mine else "gives nothing away"
        if could:
            text = f"{it} does not beat {holder}'s {w.bare(beat_card)} and {gives}"
        else:
            text = f"None of your cards beats {holder}'s {w.bare(beat_card)}, and {subject} {gives}"
        if complete:
            return (text + (f": the trick's {stake} go to {holder}" if points else "")
                    + self._last_draw(False))
        partner_later = [s for s in later if self.ours(s)]
        if partner_later:
            return text + f"; {self.names[partner_later[0]]}, your partner, still plays after you"
        return text

    def _last_draw(self, won: bool) -> str:
        """Briscola's trick that empties the stock: its loser takes the turned-up card."""
        turned = self.k.observation.get("turned") or {}
        if self.partnered or self.k.stock != 1 or not turned.get("in_stock"):
            return ""
        other = self.names[1 - self.k.seat]
        if won:
            return (f"; you then draw the last face-down card and {other} takes the turned-up "
                    f"{w.bare(turned['card'])}")
        return f"; {other} then draws the last face-down card and you take the turned-up {w.bare(turned['card'])}"

    def _legal_cards(self) -> list[int]:
        obs = self.k.observation
        return [CARD_BY_TEXT[a] for a in obs.get("legal_actions", []) if a in CARD_BY_TEXT]

    def _beaters(self, card: int, led: int) -> list[int]:
        """Unseen cards that would beat ``card`` in this trick."""
        trump = self.k.trump
        assert trump is not None
        mine = power(card, led, trump)
        return [c for c in self.k.unseen if power(c, led, trump) > mine]

    def _cards_out(self, found: list[int]) -> str:
        if len(found) <= 2:
            return f"{w.cards(found)} {'is' if len(found) == 1 else 'are'} still out"
        return f"{len(found)} of them are still out"

    # ---- what is at stake, what is known ---------------------------------------------------

    def stake(self) -> list[str]:
        k = self.k
        obs = k.observation
        points = obs["points"]
        out = []
        if self.partnered:
            mine = k.seat % 2
            number = k.tricks_done + 1
            tricks, bonus = self.info.tricks_per_deal, self.info.last_trick_bonus
            out.append(f"Trick {number} of {tricks}: your side has {points[mine]} "
                       f"points this deal, the other side {points[1 - mine]}")
            if number == tricks and bonus:
                out.append(f"The last trick carries {bonus} more points for whoever wins it")
        else:
            other = 1 - k.seat
            wins = f"; {self.info.deal_win_points} win the deal" if self.info.deal_win_points else ""
            out.append(f"You have {points[k.seat]} card points and {self.names[other]} "
                       f"{points[other]}{wins}")
            turned = obs.get("turned") or {}
            if k.stock == 1 and turned.get("in_stock"):
                out.append(f"This trick empties the stock: its winner draws the last face-down "
                           f"card, the other player the turned-up {w.bare(turned['card'])}")
            elif k.stock > 1:
                out.append(f"{w.count(k.stock, 'card')} are left in the stock; the trick's winner "
                           "draws first")
        return out

    def known(self) -> list[str]:
        k = self.k
        out = []
        trumps = k.unseen_trumps()
        held = [c for c in k.hand if SUIT_OF[CARD_BY_TEXT[c]] == k.trump]
        if trumps:
            top = [c for c in trumps if POINTS[c] >= 10]
            out.append(f"{w.count(len(trumps), 'trump')} {'is' if len(trumps) == 1 else 'are'} "
                       "still out" + (f", {w.cards(top)} among them" if top else ""))
        elif held:
            out.append("Every trump still to be played is in your hand")
        else:
            out.append("Every trump has been played")
        carichi = [c for c in k.unseen_carichi() if SUIT_OF[c] != k.trump]
        if carichi and len(carichi) <= 3:
            out.append(f"Still out: {w.cards(carichi)}")
        elif carichi:
            out.append(f"{len(carichi)} aces and threes of other suits are still out")
        else:
            out.append("Every ace and three of the other suits has been seen")
        for s in range(k.players):
            if s != k.seat and k.voids[s]:
                suits = [CARDS[10 * "CDHS".index(x)].suit.noun for x in k.voids[s]]
                out.append(f"{self.names[s]} has shown no {w.listed(suits, 'or')}")
        other = 1 - k.seat
        if not self.partnered and k.stock == 0 and k.hand_sizes[other]:
            theirs = sorted(k.unseen | {CARD_BY_TEXT[c] for c in k.exposed[other]})
            out.append(f"The stock is empty, so you know {self.names[other]}'s cards: "
                       f"{w.cards(theirs)}")
        return out

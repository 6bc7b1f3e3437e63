"""The coach's words for the trick games, Briscola and Madrasso: what a card does in the
trick, what is at stake, what the seat knows.

Everything is read from the seat's :class:`engine.coach.knowledge.Knowledge` and from the
engine's explanation of the card told to that seat (``Game.explain(action, viewer=seat)``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..cards import CARD_BY_TEXT, CARD_TEXT, CARDS, POINTS, SUIT_OF
from ..i18n import _, ngettext, pgettext
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
        return pgettext("a seat", "you") if seat == self.k.seat else self.names[seat]

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
            return _("The swap gives you the turned-up {card_name} for your seven of trumps: "
                     "a higher trump worth {points} for one worth none, and you still play to "
                     "the trick after it").format(card_name=w.bare(took) if took else "",
                                                  points=w.points(worth))
        card = CARD_BY_TEXT[action]
        subject = subject or w.card(card)
        if not self.k.trick:
            return self._lead(card, subject)
        return self._follow(card, explained, subject)

    def _lead(self, card: int, subject: str) -> str:
        k, trump = self.k, self.k.trump
        assert trump is not None
        points = POINTS[card]
        risk = (_("it puts {points} on the trick").format(points=w.points(points)) if points
                else _("it risks no points"))
        it = w.capital(subject)
        higher = k.unseen_higher(card)
        if SUIT_OF[card] == trump:
            must = (_(", and the others must follow with a trump if they hold one")
                    if self.partnered else "")
            if not higher:
                return _("No trump still out beats {it}, so it wins the trick; {risk}{must}"
                         ).format(it=subject, risk=risk, must=must)
            return _("{It} is a trump: only a higher trump beats it, and {out}; {risk}{must}"
                     ).format(It=it, out=self._cards_out(higher), risk=risk, must=must)
        trumps = k.unseen_trumps()
        suit = CARDS[card].suit.noun
        if not higher and not trumps:
            return _("Nothing still out beats {it}, so it wins the trick; {risk}").format(
                it=subject, risk=risk)
        beaten = []
        if higher:
            beaten.append(_("a higher {suit_one} ({out})").format(
                suit_one=CARDS[card].suit.singular, suit=suit, out=self._cards_out(higher)))
        if trumps:
            out = _("{trumps} still out").format(trumps=w.trumps(len(trumps)))
            beaten.append(_("a trump from a seat with no {suit} ({out})").format(suit=suit, out=out)
                          if self.partnered else _("any trump ({out})").format(out=out))
        text = _("{It} can be beaten by {beaters}; {risk}").format(
            It=it, beaters=w.listed(beaten, "or"), risk=risk)
        void = [self.names[s] for s in range(k.players) if not self.ours(s)
                and k.void(s, SUIT_OF[card])]
        if void:
            text += ngettext(", and {players} has shown no {suit}",
                             ", and {players} have shown no {suit}", len(void)).format(
                players=w.listed(void), suit=suit)
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
        points = sum(POINTS[CARD_BY_TEXT[c]] for _s, c in k.trick) + POINTS[card]
        if explained.get("last_trick_bonus"):
            points += self.info.last_trick_bonus
        stake = w.points(points)
        later = self.still_to_play()
        after = w.listed(self.names[s] for s in later)
        mine = POINTS[card]
        it = w.capital(subject)
        if winner == k.seat:
            trumped = SUIT_OF[card] == trump and SUIT_OF[top] != trump
            if complete:
                if points:
                    won = (_(": {points} for your side") if self.partnered
                           else _(": {points} for you")).format(points=stake)
                else:
                    won = _(", though it holds no points")
                said = (_("{It} trumps {card} and wins the trick{won}") if trumped
                        else _("{It} beats {card} and wins the trick{won}"))
                return said.format(It=it, won=won, **w.forms(top)) + self._last_draw(True)
            beaters = sorted(self._beaters(card, led), key=lambda c: -power(c, led, trump))
            if not beaters:
                threat = _("nothing still out beats it")
            elif len(beaters) <= 2:
                threat = ngettext("{cards}, still out, could beat it",  # Italian: potrebbe(ro)
                                  "{cards}, still out, could beat it", len(beaters)).format(
                    cards=w.cards(beaters))
            else:
                threat = _("{n} cards still out could beat it").format(n=len(beaters))
            if trumped:
                said = ngettext("{It} trumps {card} and leads the trick for now, but {players} "
                                "still plays after you, and {threat}",
                                "{It} trumps {card} and leads the trick for now, but {players} "
                                "still play after you, and {threat}", len(later))
            else:
                said = ngettext("{It} beats {card} and leads the trick for now, but {players} "
                                "still plays after you, and {threat}",
                                "{It} beats {card} and leads the trick for now, but {players} "
                                "still play after you, and {threat}", len(later))
            return said.format(It=it, players=after, threat=threat, **w.forms(top))
        if self.ours(winner):
            if mine:
                adds = _("{it} adds its {points}").format(it=subject, points=w.points(mine))
            else:
                adds = _("{it} adds nothing").format(it=subject)
            text = _("{partner}, your partner, is winning the trick with {card}, and {adds}").format(
                partner=self.names[winner], adds=adds, **w.forms(winning.get("card") or top))
            if complete:
                return text + _(": {points} for your side").format(points=stake)
            return text + ngettext("; {players} still to play", "; {players} still to play",
                                   len(later)).format(players=after)
        holder = self.name(winner)
        beat_card = winning.get("card") or CARD_TEXT[top]
        could = [c for c in self._legal_cards() if power(c, led, trump) > power(top, led, trump)]
        gives = (_("gives away its own {points}").format(points=w.points(mine)) if mine
                 else _("gives nothing away"))
        if could:
            text = _("{It} does not beat {player}'s {card_name} and {gives}").format(
                It=it, player=holder, gives=gives, **w.forms(beat_card))
        else:
            text = _("None of your cards beats {player}'s {card_name}, and {it} {gives}").format(
                player=holder, it=subject, gives=gives, **w.forms(beat_card))
        if complete:
            return (text + (_(": the trick's {points} go to {player}").format(
                points=stake, player=holder) if points else "") + self._last_draw(False))
        partner_later = [s for s in later if self.ours(s)]
        if partner_later:
            return text + _("; {partner}, your partner, still plays after you").format(
                partner=self.names[partner_later[0]])
        return text

    def _last_draw(self, won: bool) -> str:
        """Briscola's trick that empties the stock: its loser takes the turned-up card."""
        turned = self.k.observation.get("turned") or {}
        if self.partnered or self.k.stock != 1 or not turned.get("in_stock"):
            return ""
        other = self.names[1 - self.k.seat]
        if won:
            return _("; you then draw the last face-down card and {player} takes the "
                     "turned-up {card_name}").format(player=other, **w.forms(turned["card"]))
        return _("; {player} then draws the last face-down card and you take the turned-up "
                 "{card_name}").format(player=other, **w.forms(turned["card"]))

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
            return ngettext("{cards} is still out", "{cards} are still out", len(found)).format(
                cards=w.cards(found))
        return _("{n} of them are still out").format(n=len(found))

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
            out.append(_("Trick {n} of {tricks}: your side has {ours} points this deal, the "
                         "other side {theirs}").format(n=number, tricks=tricks, ours=points[mine],
                                                       theirs=points[1 - mine]))
            if number == tricks and bonus:
                out.append(_("The last trick carries {n} more points for whoever wins it").format(
                    n=bonus))
        else:
            other = 1 - k.seat
            if self.info.deal_win_points:
                said = _("You have {mine} card points and {player} {theirs}; {win} win the deal")
            else:
                said = _("You have {mine} card points and {player} {theirs}")
            out.append(said.format(mine=points[k.seat], player=self.names[other],
                                   theirs=points[other], win=self.info.deal_win_points))
            turned = obs.get("turned") or {}
            if k.stock == 1 and turned.get("in_stock"):
                out.append(_("This trick empties the stock: its winner draws the last face-down "
                             "card, the other player the turned-up {card_name}").format(
                    **w.forms(turned["card"])))
            elif k.stock > 1:
                out.append(_("{cards} are left in the stock; the trick's winner draws first"
                             ).format(cards=w.card_count(k.stock)))
        return out

    def known(self) -> list[str]:
        k = self.k
        out = []
        trumps = k.unseen_trumps()
        held = [c for c in k.hand if SUIT_OF[CARD_BY_TEXT[c]] == k.trump]
        if trumps:
            top = [c for c in trumps if POINTS[c] >= 10]
            said = ngettext("{trumps} is still out", "{trumps} are still out", len(trumps)).format(
                trumps=w.trumps(len(trumps)))
            if top:
                said += _(", {cards} among them").format(cards=w.cards(top))
            out.append(said)
        elif held:
            out.append(_("Every trump still to be played is in your hand"))
        else:
            out.append(_("Every trump has been played"))
        carichi = [c for c in k.unseen_carichi() if SUIT_OF[c] != k.trump]
        if carichi and len(carichi) <= 3:
            out.append(_("Still out: {cards}").format(cards=w.cards(carichi)))
        elif carichi:
            out.append(_("{n} aces and threes of other suits are still out").format(n=len(carichi)))
        else:
            out.append(_("Every ace and three of the other suits has been seen"))
        for s in range(k.players):
            if s != k.seat and k.voids[s]:
                suits = [CARDS[10 * "CDHS".index(x)].suit.noun for x in k.voids[s]]
                out.append(_("{player} has shown no {suits}").format(
                    player=self.names[s], suits=w.listed(suits, "or")))
        other = 1 - k.seat
        if not self.partnered and k.stock == 0 and k.hand_sizes[other]:
            theirs = sorted(k.unseen | {CARD_BY_TEXT[c] for c in k.exposed[other]})
            out.append(_("The stock is empty, so you know {player}'s cards: {cards}").format(
                player=self.names[other], cards=w.cards(theirs)))
        return out

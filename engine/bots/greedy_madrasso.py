"""Greedy Madrasso: the habits the rules page recommends, one rule for each situation.

* Make the seven swap whenever it is offered (the turned card is always the better trump).
* Leading: with a strong hand (four trumps or more, or three with two carichi) draw trumps,
  the highest first; with a weak hand lead a singleton (alla furlana) to be void next time;
  otherwise cash a master card (the highest left of its suit), else lead low from the
  longest plain suit.
* Following: weigh each legal card by the points it is likely to win or lose in the trick:
  win a trick with points cheaply, trump a trick worth trumping, load points onto a partner
  who is winning it (and never overtake that partner), and throw a scartina when the trick
  is the other side's, so carichi are not wasted.

The card arithmetic works on card indices and is shared with the expert's playouts.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..cards import CARD_BY_TEXT, CARDS, POINTS, STRENGTH, SUIT_MASK, SUIT_OF, indices_of
from ..madrasso import DEALS_BEFORE_TARGET, LAST_TRICK_BONUS, MATCH_BONUS, TARGET, TRICKS_PER_DEAL
from ..protocol import Game
from ..tricks import POWER, power
from .base import GreedyBot
from .expert import SearchSettings

if TYPE_CHECKING:
    from ..madrasso import Madrasso
    from ..shapes import MadrassoObservation

SUIT_LETTERS = "CDHS"
SWAP = "swap"


def trump_cost(card: int, trump: int) -> float:
    """What spending a card costs beyond its points: a trump's power to win later."""
    return (3 + STRENGTH[card] * 0.7) if SUIT_OF[card] == trump else STRENGTH[card] * 0.05


def follow_score(card: int, trick: list[int], trick_seats: list[int], seat: int, trump: int,
                 unseen_beats: bool, last_trick: bool) -> float:
    """The expected swing (for the seat's side) of playing ``card`` into ``trick``."""
    led = SUIT_OF[trick[0]]
    powers = [power(c, led, trump) for c in trick]
    best = max(range(len(trick)), key=lambda i: powers[i])
    best_seat = trick_seats[best]
    mine = power(card, led, trump)
    points = sum(POINTS[c] for c in trick) + POINTS[card] + (LAST_TRICK_BONUS if last_trick else 0)
    last = len(trick) == 3
    cost = trump_cost(card, trump)
    if mine > powers[best]:
        hold = 1.0 if last else (0.85 if not unseen_beats else 0.55)
        return (2 * hold - 1) * points - cost
    if (best_seat - seat) % 2 == 0:  # the partner is winning
        hold = 1.0 if last else (0.8 if not unseen_beats else 0.45)
        return (2 * hold - 1) * points - cost
    keep = 1.0 if len(trick) >= 2 else 0.7  # the partner may still win it
    return -(2 * keep - 1) * points - cost - POINTS[card] * 0.5


def choose_lead(hand: list[int], trump: int, gone: set[int]) -> tuple[int, str]:
    """The card to lead, and why."""
    trumps = [c for c in hand if SUIT_OF[c] == trump]
    carichi = [c for c in hand if POINTS[c] >= 10]
    plain = [c for c in hand if SUIT_OF[c] != trump]

    def master(card: int) -> bool:
        suit = SUIT_OF[card]
        return all(STRENGTH[o] < STRENGTH[card] for o in range(suit * 10, suit * 10 + 10)
                   if o not in gone and o not in hand)

    if trumps and (len(trumps) >= 4 or (len(trumps) >= 3 and len(carichi) >= 2)):
        top = max(trumps, key=lambda c: STRENGTH[c])
        if master(top):
            return top, f"a strong hand draws trumps: lead the {CARDS[top].name}, the highest trump left"
    if plain:
        by_suit: dict[int, list[int]] = {}
        for c in plain:
            by_suit.setdefault(SUIT_OF[c], []).append(c)
        masters = [c for c in plain if master(c) and POINTS[c] >= 10]
        if masters:
            card = max(masters, key=lambda c: POINTS[c])
            return card, f"cash the {CARDS[card].name}: the highest card left in its suit"
        weak = len(carichi) <= 1 and len(trumps) <= 3
        singles = [cards[0] for cards in by_suit.values() if len(cards) == 1 and POINTS[cards[0]] < 10]
        if weak and singles and trumps:
            card = min(singles, key=lambda c: (POINTS[c], STRENGTH[c]))
            return card, (f"a weak hand leads a singleton alla furlana: the {CARDS[card].name}, "
                          "so the next round of the suit can be trumped")
        longest = max(by_suit.values(), key=lambda cards: (len(cards), -min(POINTS[c] for c in cards)))
        card = min(longest, key=lambda c: (POINTS[c] >= 10, POINTS[c], STRENGTH[c]))
        return card, f"lead low from the longest suit: the {CARDS[card].name} gives little away"
    card = min(hand, key=lambda c: STRENGTH[c])
    return card, f"only trumps left: lead the lowest, the {CARDS[card].name}"


def follow_reason(card: int, trick: list[int], trick_seats: list[int], seat: int, trump: int) -> str:
    led = SUIT_OF[trick[0]]
    powers = [power(c, led, trump) for c in trick]
    best = max(range(len(trick)), key=lambda i: powers[i])
    points = sum(POINTS[c] for c in trick)
    name = CARDS[card].name
    if power(card, led, trump) > powers[best]:
        if SUIT_OF[card] == trump and led != trump:
            return f"trump it with the {name}: {points + POINTS[card]} points in the trick"
        return f"win the trick with the {name}: {points + POINTS[card]} points"
    if (trick_seats[best] - seat) % 2 == 0:
        if POINTS[card]:
            return f"the partner is winning: load the {name} ({POINTS[card]} points) onto the trick"
        return f"the partner is winning: no need to overtake, play the {name}"
    return f"the trick is not worth taking: throw the {name} and keep the carichi"


def unseen_can_beat(card: int, trick: list[int], trump: int, known: set[int]) -> bool:
    """Whether a card not yet seen by the seat could beat ``card`` in this trick."""
    led = SUIT_OF[trick[0]]
    mine = power(card, led, trump)
    return any(power(o, led, trump) > mine for o in range(40) if o not in known)


class GreedyMadrasso(GreedyBot):
    """The rules page's habits: swap, lead by the hand's strength, follow by the points at stake."""

    def pick(self, game: Game, seat: int, obs: MadrassoObservation, hand: list[int]) -> tuple[int, str]:
        legal = obs["legal_actions"]
        if SWAP in legal:
            return game.string_to_action(SWAP), (
                f"swap the seven of trumps for the {obs['turned']['name']}: a better trump for nothing")
        trump = SUIT_LETTERS.index(obs["trump"]["suit"])
        gone = {CARD_BY_TEXT[p["card"]] for t in obs["tricks"] for p in t["cards"]}
        trick = [CARD_BY_TEXT[p["card"]] for p in obs["trick"]["cards"]]
        trick_seats = [p["seat"] for p in obs["trick"]["cards"]]
        gone |= set(trick)
        if obs["turned"]["in_hand"]:
            gone.add(CARD_BY_TEXT[obs["turned"]["card"]])  # not hidden: counted as seen
        cards = [CARD_BY_TEXT[c] for c in legal]
        if not trick:
            return choose_lead(hand, trump, gone)
        known = gone | set(hand)
        last_trick = len(obs["tricks"]) == 9
        led = SUIT_OF[trick[0]]
        best_now = max(trick, key=lambda c: power(c, led, trump))

        def score(card: int) -> tuple[float, int]:
            top = card if power(card, led, trump) > power(best_now, led, trump) else best_now
            beaten = unseen_can_beat(top, trick, trump, known)
            return (follow_score(card, trick, trick_seats, seat, trump, beaten, last_trick), -card)

        card = max(cards, key=score)
        return card, follow_reason(card, trick, trick_seats, seat, trump)


# ---- the expert's playout policy ----------------------------------------------------------


def playout_policy(game: Madrasso, rng: random.Random) -> int:
    """Quick habits on a sampled deal: swap, lead at random, win tricks with points cheaply,
    load a partner who is winning as last to play, otherwise play the cheapest card."""
    legal = game.legal_action_ids()
    if len(legal) == 1:
        return legal[0]
    if legal[-1] == 40:
        return 40
    trick = game.trick
    if not trick or rng.random() < 0.1:
        return legal[int(rng.random() * len(legal))]
    trump = game.trump
    led = SUIT_OF[trick[0]]
    best = 0
    best_power = power(trick[0], led, trump)
    for i in range(1, len(trick)):
        p = power(trick[i], led, trump)
        if p > best_power:
            best, best_power = i, p
    partner_winning = (len(trick) - best) % 2 == 0
    last = len(trick) == 3
    points = POINTS[trick[0]] + sum(POINTS[c] for c in trick[1:])
    if partner_winning:
        if last or best_power >= 39:
            # load: the most points that do not overtake
            return max(legal, key=lambda c: (power(c, led, trump) <= best_power, POINTS[c], -STRENGTH[c]))
        return min(legal, key=lambda c: (POINTS[c], power(c, led, trump) >= 30, STRENGTH[c]))
    winners = [c for c in legal if power(c, led, trump) > best_power]
    if winners and (points >= 2 or any(POINTS[c] >= 10 for c in winners)):
        return min(winners, key=lambda c: (SUIT_OF[c] == trump, -POINTS[c] if SUIT_OF[c] != trump else STRENGTH[c]))
    return min(legal, key=lambda c: (POINTS[c], SUIT_OF[c] == trump, STRENGTH[c]))


SEARCH = SearchSettings(samples=100, policy=playout_policy, unit="points",
                        side=lambda seat: seat & 1, deal_of=lambda game: game.deal)


# ---- a fast playout for the expert --------------------------------------------------------

CHEAP = tuple(tuple(POINTS[c] * 100 + (50 if SUIT_OF[c] == t else 0) + STRENGTH[c]
                    for c in range(40)) for t in range(4))
"""CHEAP[trump][card]: lower is cheaper to give away (points, then trumps, then strength)."""
HIGHER = tuple(sum(1 << o for o in range(SUIT_OF[c] * 10, SUIT_OF[c] * 10 + 10)
                   if STRENGTH[o] > STRENGTH[c]) for c in range(40))
"""HIGHER[card]: the mask of the cards of its suit that beat it."""
CASH_LEADS = True
"""In playouts, lead a carico that is the master of its suit (nothing left above it)."""


def rollout(game: Madrasso, seat: int, rng: random.Random) -> float:
    """Play a sampled deal to its end with quick habits on plain lists; the value
    ``returns()[seat]`` would give (the deal's margin, +-1000 once the match is decided)."""
    return rollout_match(game, seat, rng)[0]


def rollout_match(game: Madrasso, seat: int, rng: random.Random) -> tuple[float, int]:
    """:func:`rollout`'s value, and the match as it stands at the deal's end for the seat's
    side (``match_won()[seat]``: 1 won, -1 lost, 0 still open)."""
    trump = game.trump
    power_t = POWER[trump]
    cheap = CHEAP[trump]
    masks = [game.hand_mask(s) for s in range(4)]
    hands = [indices_of(m) for m in masks]
    live = masks[0] | masks[1] | masks[2] | masks[3]
    trump_mask = SUIT_MASK[trump]
    trick = game.trick[:]
    leader = game.leader
    player = game.current_player()
    assert player is not None
    points = game.points[:]
    won = game.tricks_won[:]
    done = len(game.tricks)
    dealer = game.dealer
    totals = game.totals
    late = game.deal > DEALS_BEFORE_TARGET
    tricks, bonus, target = TRICKS_PER_DEAL, LAST_TRICK_BONUS, TARGET  # the rules', as locals
    holder = game.swapper_to_come()
    if holder is not None:
        seven = trump * 10 + 6
        hands[holder].remove(seven)
        hands[holder].append(game.turned)
        hands[dealer].remove(game.turned)
        hands[dealer].append(seven)
        both = (1 << seven) | (1 << game.turned)
        masks[holder] ^= both
        masks[dealer] ^= both
    random_ = rng.random
    decided = 0
    while done < tricks:
        hand = hands[player]
        n = len(trick)
        if n == 0:
            card = -1
            if CASH_LEADS:
                others = live & ~masks[player]
                left_opp = masks[(player + 1) & 3]
                right_opp = masks[(player + 3) & 3]
                for c in hand:
                    if POINTS[c] >= 10 and SUIT_OF[c] != trump and not HIGHER[c] & others:
                        suit = SUIT_MASK[SUIT_OF[c]]
                        if (left_opp & suit or not left_opp & trump_mask) and \
                                (right_opp & suit or not right_opp & trump_mask):
                            card = c
                            break
            if card >= 0:
                pass
            elif random_() < 0.3:
                card = hand[int(random_() * len(hand))]
            else:
                card = min(hand, key=cheap.__getitem__)
            leader = player
        else:
            led = SUIT_OF[trick[0]]
            pw = power_t[led]
            legal = [c for c in hand if SUIT_OF[c] == led] or hand
            if len(legal) == 1:
                card = legal[0]
            elif random_() < 0.1:
                card = legal[int(random_() * len(legal))]
            else:
                best = 0
                top = pw[trick[0]]
                for i in range(1, n):
                    p = pw[trick[i]]
                    if p > top:
                        best, top = i, p
                pts = 0
                for c in trick:
                    pts += POINTS[c]
                if (n - best) % 2 == 0:  # partner winning
                    if n == 3 or top >= 39:
                        card = max(legal, key=lambda c: (pw[c] <= top, POINTS[c], -cheap[c]))
                    else:
                        card = min(legal, key=cheap.__getitem__)
                else:
                    winners = [c for c in legal if pw[c] > top]
                    if winners and (pts >= 2 or n == 3 and done == tricks - 1):
                        card = min(winners, key=lambda c: (pw[c] >= 30, -POINTS[c], pw[c]))
                    else:
                        card = min(legal, key=cheap.__getitem__)
        hand.remove(card)
        masks[player] ^= 1 << card
        live ^= 1 << card
        trick.append(card)
        if n < 3:
            player = (player + 1) & 3
            continue
        best = 0
        top = pw[trick[0]]
        for i in (1, 2, 3):
            p = pw[trick[i]]
            if p > top:
                best, top = i, p
        winner = (leader + best) & 3
        team = winner & 1
        pts = POINTS[trick[0]] + POINTS[trick[1]] + POINTS[trick[2]] + POINTS[trick[3]]
        done += 1
        if done == tricks:
            pts += bonus
        points[team] += pts
        won[team] += 1
        trick = []
        player = leader = winner
        if late and totals[team] + points[team] >= target:
            decided = 1 if team == 0 else -1
            break
    if done == tricks and (won[0] == tricks or won[1] == tricks):   # a cappotto
        decided = 1 if won[0] == tricks else -1
    elif done == tricks and not decided and game.deal >= DEALS_BEFORE_TARGET:
        t0, t1 = totals[0] + points[0], totals[1] + points[1]
        if max(t0, t1) >= target:  # the tenth deal's end decides on the totals too
            decided = 1 if t0 > t1 else -1
    diff = points[0] - points[1] + MATCH_BONUS * decided
    if seat % 2:
        return float(-diff), -decided
    return float(diff), decided


SEARCH.rollout = rollout
SEARCH.rollout_match = rollout_match

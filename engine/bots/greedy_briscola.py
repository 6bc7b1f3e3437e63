"""Greedy Briscola: win point-heavy tricks cheaply, keep trumps for tricks worth them, dump
scartine (cards worth nothing) when the trick is not worth winning.

One rule set on card indices serves both the greedy bot (which reads its observation) and
the expert's playouts (which read a sampled deal directly).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..cards import CARD_BY_TEXT, CARDS, POINTS, STRENGTH, SUIT_OF
from ..protocol import Game
from ..tricks import POWER
from .base import GreedyBot
from .expert import SearchSettings

if TYPE_CHECKING:
    from ..briscola import Briscola
    from ..shapes import BriscolaObservation

SUIT_LETTERS = "CDHS"


def keep_value(card: int, trump: int) -> float:
    """What a card is worth keeping in hand: its points, and a trump's power to win later."""
    value = POINTS[card] + STRENGTH[card] * 0.1
    if SUIT_OF[card] == trump:
        value += 3 + STRENGTH[card]
    return value


def beats(card: int, led: int, trump: int) -> bool:
    """Whether ``card`` played second takes the trick ``led`` opened (engine.tricks)."""
    power = POWER[trump][SUIT_OF[led]]
    return power[card] > power[led]


def score(card: int, led: int | None, trump: int) -> float:
    """The greedy value of playing ``card`` now (higher is better)."""
    if led is None:
        # Leading: give away as little as possible; a lead of points invites a capture.
        return -keep_value(card, trump) - POINTS[card]
    points = POINTS[card] + POINTS[led]
    if beats(card, led, trump):
        return points - (keep_value(card, trump) - POINTS[card])
    return -points - keep_value(card, trump)


def best_card(hand: list[int], led: int | None, trump: int) -> int:
    return max(hand, key=lambda c: (score(c, led, trump), -c))


def reason(card: int, led: int | None, trump: int) -> str:
    name = CARDS[card].name
    if led is None:
        if POINTS[card] == 0 and SUIT_OF[card] != trump:
            return f"lead the {name}: a card worth nothing, keeping points and trumps back"
        return f"lead the {name}: the cheapest card to give away"
    points = POINTS[card] + POINTS[led]
    if beats(card, led, trump):
        how = "trump" if SUIT_OF[card] == trump and SUIT_OF[led] != trump else "win"
        return f"{how} the {CARDS[led].name} with the {name}: {points} points in the trick"
    return f"not worth winning: throw the {name} ({POINTS[card]} points) and keep the rest"


class GreedyBriscola(GreedyBot):
    """The greedy rule on the seat's observation: the card of the best score now."""

    def pick(self, game: Game, seat: int, obs: BriscolaObservation, hand: list[int]) -> tuple[int, str]:
        trump = SUIT_LETTERS.index(obs["trump"]["suit"])
        cards = obs["trick"]["cards"]
        led = CARD_BY_TEXT[cards[0]["card"]] if cards else None
        card = best_card(hand, led, trump)
        return card, reason(card, led, trump)


def playout_policy(game: Briscola, rng: random.Random) -> int:
    """The greedy rule on a sampled deal, with a little randomness."""
    hand = game.legal_action_ids()
    if rng.random() < 0.1:
        return hand[int(rng.random() * len(hand))]
    trick = game.trick
    return best_card(hand, trick[0] if trick else None, game.trump)


SEARCH = SearchSettings(samples=300, policy=playout_policy, unit="card points")


def stock_is_empty(game: Briscola) -> bool:
    """Every card is in a hand: a sampled deal is then the real one, and small."""
    return not game.cards_to_draw()


SEARCH.solve_when = stock_is_empty
SEARCH.exact_is_certain = True


# ---- a fast playout for the expert --------------------------------------------------------

LEAD_SCORE = tuple(tuple(score(c, None, t) - c * 1e-6 for c in range(40)) for t in range(4))
"""LEAD_SCORE[trump][card]: the greedy value of leading the card."""
FOLLOW_SCORE = tuple(tuple(tuple(score(c, led, t) - c * 1e-6 for c in range(40))
                           for led in range(40)) for t in range(4))
"""FOLLOW_SCORE[trump][led][card]: the greedy value of answering ``led`` with the card."""
BEATS = tuple(tuple(tuple(beats(c, led, t) for c in range(40)) for led in range(40))
              for t in range(4))


def rollout(game: Briscola, seat: int, rng: random.Random) -> float:
    """Play a sampled deal to its end with the greedy rule (a tenth of the moves at random)
    on plain lists, without the game object's bookkeeping; the seat's final margin."""
    trump = game.trump
    lead_score = LEAD_SCORE[trump]
    follow = FOLLOW_SCORE[trump]
    beats_t = BEATS[trump]
    hands = [game.hand(0), game.hand(1)]
    deck = game.cards_to_draw()
    drawn = 0
    end = len(deck)
    points = game.points[:]
    left = 20 - len(game.tricks)
    player = game.current_player()
    assert player is not None
    led = game.trick[0] if game.trick else -1
    leader = game.leader
    random_ = rng.random
    while left:
        hand = hands[player]
        if led < 0:
            if random_() < 0.1:
                card = hand[int(random_() * len(hand))]
            else:
                card = max(hand, key=lead_score.__getitem__)
            hand.remove(card)
            led = card
            leader = player
            player = 1 - player
            continue
        if random_() < 0.1:
            card = hand[int(random_() * len(hand))]
        else:
            card = max(hand, key=follow[led].__getitem__)
        hand.remove(card)
        winner = player if beats_t[led][card] else leader
        points[winner] += POINTS[led] + POINTS[card]
        left -= 1
        if drawn < end:
            hands[winner].append(deck[drawn])
            hands[1 - winner].append(deck[drawn + 1])
            drawn += 2
        player = winner
        led = -1
    return float(points[seat] - points[1 - seat])


SEARCH.rollout = rollout

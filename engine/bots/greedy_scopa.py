"""Greedy Scopa: take the most valuable set, sweep when you can, leave no easy sweep.

Every legal action (a card and the set it takes) gets a value:

* what it takes: a point's worth for the settebello, for each diamond, for the sevens and
  sixes that make the primiera, and a little for every card (the most cards);
* a scopa (clearing the table) is a point outright;
* what it leaves: a table whose values add up to 10 or less can be swept by one card of
  the next player; the settebello left on the table can be taken; a card dropped on the
  table (no capture) is offered to the others.

The same arithmetic, on card indices, is the expert's playout policy.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..cards import CARD_BY_TEXT, CARDS, SUIT_OF, Suit, indices_of
from ..protocol import Game
from .base import GreedyBot
from .expert import SearchSettings

if TYPE_CHECKING:
    from ..scopa import Scopa
    from ..shapes import ScopaObservation

CARD_BITS = 40
CAPTURE_MASK = (1 << CARD_BITS) - 1
SETTEBELLO = CARD_BY_TEXT["7D"]
VALUE = tuple(c % 10 + 1 for c in range(40))
WORTH = tuple(
    0.25                                   # one card towards the most cards
    + (0.35 if SUIT_OF[c] == 1 else 0.0)   # a diamond
    + {7: 0.6, 6: 0.3, 1: 0.15}.get(VALUE[c], 0.0)  # primiera: sevens, sixes, aces
    + (2.0 if c == SETTEBELLO else 0.0)
    for c in range(40)
)
"""Roughly what taking each card is worth in deal points."""
SCOPA = 1.2


def table_sum(mask: int) -> int:
    return sum(VALUE[c] for c in indices_of(mask))


def action_value(action: int, table: int, last_play: bool,
                 sweep_risk: Callable[[int], float]) -> float:
    """The greedy value of ``action`` (card << 40 | taken) on ``table``."""
    card = action >> CARD_BITS
    taken = action & CAPTURE_MASK
    if taken:
        value = WORTH[card] + sum(WORTH[c] for c in indices_of(taken))
        left = table ^ taken
        if not left:
            return value + (0.0 if last_play else SCOPA)
    else:
        value = -0.6 * WORTH[card]
        left = table | (1 << card)
    if last_play:
        return value
    return value - sweep_risk(left)


def unseen_risk(unseen_values: list[int], unseen_total: int,
                next_hand: int) -> Callable[[int], float]:
    """A sweep-risk function from what the seat has not seen (counts by capture value)."""
    def risk(left: int) -> float:
        total = table_sum(left)
        penalty = 0.0
        if total <= 10 and unseen_total:
            chance = min(1.0, unseen_values[total] * next_hand / unseen_total)
            penalty += SCOPA * chance
        if left >> SETTEBELLO & 1 and unseen_total:
            chance = min(1.0, unseen_values[7] * next_hand / unseen_total)
            penalty += 0.8 * WORTH[SETTEBELLO] * chance
        return penalty
    return risk


def describe(action: int, table: int, last_play: bool) -> str:
    card = action >> CARD_BITS
    taken = indices_of(action & CAPTURE_MASK)
    name = CARDS[card].name
    if not taken:
        if table_sum(table | 1 << card) <= 10:
            return f"no capture is worth more: drop the {name}"
        return f"no capture is worth more: drop the {name}, leaving no easy sweep"
    what = ", ".join(CARDS[c].name for c in taken)
    if not table ^ (action & CAPTURE_MASK) and not last_play:
        return f"scopa! the {name} takes {what} and clears the table"
    if SETTEBELLO in taken or card == SETTEBELLO:
        return f"take the settebello: the {name} takes {what}"
    bits = []
    diamonds = sum(1 for c in taken + [card] if SUIT_OF[c] == 1)
    sevens = sum(1 for c in taken + [card] if VALUE[c] == 7)
    if diamonds:
        bits.append(f"{diamonds} {Suit.DIAMONDS.noun if diamonds > 1 else Suit.DIAMONDS.singular}")
    if sevens:
        bits.append(f"{sevens} seven{'s' if sevens > 1 else ''} for the primiera")
    bits.append(f"{len(taken) + 1} cards")
    return f"the most valuable capture: the {name} takes {what} ({', '.join(bits)})"


class GreedyScopa(GreedyBot):
    """The most valuable capture now, weighed against the scopa it may leave the next seat."""

    def pick(self, game: Game, seat: int, obs: ScopaObservation, hand: list[int]) -> tuple[int, str]:
        table_cards = [CARD_BY_TEXT[c] for c in obs["table"]]
        table = sum(1 << c for c in table_cards)
        seen = set(hand) | set(table_cards)
        for side in obs["captured"]:
            seen.update(CARD_BY_TEXT[c] for c in side)
        unseen = [c for c in range(40) if c not in seen]
        counts = [0] * 11
        for c in unseen:
            counts[VALUE[c]] += 1
        players = obs["num_players"]
        sizes = obs["hand_sizes"]
        next_hand = sizes[(seat + 1) % players] or (3 if obs["stock_size"] else 0)
        last_play = obs["stock_size"] == 0 and len(hand) == 1 and sum(sizes) == 1
        risk = unseen_risk(counts, len(unseen), next_hand)
        actions = [game.string_to_action(a) for a in obs["legal_actions"]]
        best = max(actions, key=lambda a: (action_value(a, table, last_play, risk), -a))
        return best, describe(best, table, last_play)


# ---- the expert's playout policy ----------------------------------------------------------


def _playout_risk(left: int) -> float:
    total = 0
    m = left
    while m:
        low = m & -m
        total += VALUE[low.bit_length() - 1]
        m ^= low
    penalty = 0.5 if total <= 10 else 0.0
    if left >> SETTEBELLO & 1:
        penalty += 0.6
    return penalty


def playout_policy(game: Scopa, rng: random.Random) -> int:
    """The greedy values on a sampled deal, with a little randomness."""
    legal = game.legal_action_ids()
    if len(legal) == 1:
        return legal[0]
    if rng.random() < 0.1:
        return legal[int(rng.random() * len(legal))]
    table = game.table
    last_play = game.is_last_play()
    return max(legal, key=lambda a: action_value(a, table, last_play, _playout_risk))


SEARCH = SearchSettings(samples=100, policy=playout_policy, unit="points",
                        side=lambda seat: seat, deal_of=lambda game: game.deal)


# ---- a fast playout for the expert --------------------------------------------------------


_MASK_INFO: dict[int, tuple[float, int]] = {}
GUESS_SWEEP = (0.5,) * 11
"""Sweep risk by the table's sum when the next hand is not known."""


def mask_info(mask: int) -> tuple[float, int]:
    """(what taking the cards is worth, their capture values added up), cached by mask."""
    info = _MASK_INFO.get(mask)
    if info is None:
        cards = indices_of(mask)
        info = (sum(WORTH[c] for c in cards), sum(VALUE[c] for c in cards))
        if len(_MASK_INFO) < 200_000:
            _MASK_INFO[mask] = info
    return info


def rollout(game: Scopa, seat: int, rng: random.Random) -> float:
    """Play a sampled deal to its end with the greedy values (a tenth of the moves at
    random) on plain lists; the value ``returns()[seat]`` would give at the deal's end."""
    return rollout_match(game, seat, rng)[0]


def rollout_match(game: Scopa, seat: int, rng: random.Random) -> tuple[float, int]:
    """:func:`rollout`'s value, and the match at the deal's end for the seat's side
    (``match_won()[seat]``: 1 won, -1 lost, 0 still open)."""
    from ..scopa import MATCH_BONUS, capture_options, match_winner, score_deal

    n = game.num_players
    side_of = game.side_of
    hands = [game.hand(s) for s in range(n)]
    table = game.table
    stock = game.stock_left()
    drawn = 0
    end = len(stock)
    captured = game.captured[:]
    scope = game.scope[:]
    last = game.last_capturer
    player = game.current_player()
    assert player is not None
    dealer = game.dealer
    random_ = rng.random
    settebello = 1 << SETTEBELLO
    while True:
        hand = hands[player]
        last_play = drawn == end and player == dealer and len(hand) == 1
        table_worth, table_total = mask_info(table)
        explore = random_() < 0.1
        following = hands[player + 1 if player + 1 < n else 0]
        if following and following is not hand:
            # The sampled deal shows the next hand: a sweep or the settebello left to it is
            # a real threat, not a guess.
            threats = {VALUE[c] for c in following}
            sweep_penalty: Sequence[float] = [SCOPA if v in threats else 0.0 for v in range(11)]
            settebello_penalty = 1.0 if 7 in threats else 0.0
        else:
            sweep_penalty = GUESS_SWEEP
            settebello_penalty = 0.6
        best_value = -1e9
        best_card = best_taken = 0
        choices = []
        for card in hand:
            takes = capture_options(card, table)
            if explore:
                choices.extend([(card, m) for m in takes] or [(card, 0)])
                continue
            if takes:
                for m in takes:
                    worth, total = mask_info(m)
                    value = WORTH[card] + worth
                    left = table ^ m
                    if not left:
                        if not last_play:
                            value += SCOPA
                    elif not last_play:
                        if table_total - total <= 10:
                            value -= sweep_penalty[table_total - total]
                        if left & settebello:
                            value -= settebello_penalty
                    if value > best_value:
                        best_value, best_card, best_taken = value, card, m
            else:
                value = -0.6 * WORTH[card]
                if not last_play:
                    if table_total + VALUE[card] <= 10:
                        value -= sweep_penalty[table_total + VALUE[card]]
                    if (table | 1 << card) & settebello:
                        value -= settebello_penalty
                if value > best_value:
                    best_value, best_card, best_taken = value, card, 0
        if explore:
            best_card, best_taken = choices[int(random_() * len(choices))]
        card, taken = best_card, best_taken
        hand.remove(card)
        if taken:
            side = side_of[player]
            table ^= taken
            captured[side] |= taken | (1 << card)
            last = player
            if not table and not last_play:
                scope[side] += 1
        else:
            table |= 1 << card
        player = player + 1 if player + 1 < n else 0
        if hands[player]:
            continue
        if drawn < end:
            for i in range(1, n + 1):
                hands[(dealer + i) % n] = stock[drawn:drawn + 3]
                drawn += 3
            continue
        break
    if table and last is not None:
        captured[side_of[last]] |= table
    points = score_deal(captured, scope)["points"]
    totals = [t + p for t, p in zip(game.totals, points)]
    side = side_of[seat]
    value = float(totals[side] - max(totals[s] for s in range(len(totals)) if s != side))
    winner = match_winner(totals)
    if winner is None:
        return value, 0
    won = 1 if winner == side else -1
    return value + MATCH_BONUS * won, won


SEARCH.rollout = rollout
SEARCH.rollout_match = rollout_match

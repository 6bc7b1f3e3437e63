"""Dealing the cards a seat cannot see afresh, keeping what it knows: Madrasso's samplers.

Both deal a set of hidden cards so that each seat gets a given number of them, all of suits
it may hold (a seat that did not follow a suit has shown it lacks it). :func:`deal_hidden` is
the computer players' quick sampler; :func:`deal_uniform` makes every such deal equally
likely, which a take-back needs (engine/madrasso.py, ``redeal_unseen``).
"""

from __future__ import annotations

import random
from math import factorial

from .cards import SUIT_OF

SEATS = 4


class NoDeal(AssertionError):
    """No deal keeps the voids shown: the engine is wrong, not the player."""


def deal_hidden(cards: list[int], need: list[int], allowed: list[int],
                 rng: random.Random) -> list[int]:
    """Deal ``cards`` at random so seat o gets need[o] of them, all of suits in allowed[o].

    Each card goes to a random seat that can still take it while the rest can still be dealt
    (Hall's condition over the seats, checked on suit counts).
    """
    rng.shuffle(cards)
    seats = [o for o in range(SEATS) if need[o]]
    out = [0, 0, 0, 0]
    if all(allowed[o] == 15 for o in seats):
        start = 0
        for o in seats:
            for card in cards[start:start + need[o]]:
                out[o] |= 1 << card
            start += need[o]
        return out
    left = need[:]
    remaining = [0, 0, 0, 0]
    for card in cards:
        remaining[SUIT_OF[card]] += 1
    subsets = [[seats[i] for i in range(len(seats)) if bits >> i & 1]
               for bits in range(1, 1 << len(seats))]

    def feasible() -> bool:
        for group in subsets:
            wanted = sum(left[o] for o in group)
            if not wanted:
                continue
            suits = 0
            for o in group:
                suits |= allowed[o]
            have = sum(remaining[s] for s in range(4) if suits >> s & 1)
            if wanted > have:
                return False
        return True

    for card in cards:
        suit = SUIT_OF[card]
        options = [o for o in seats if left[o] and allowed[o] >> suit & 1]
        rng.shuffle(options)
        remaining[suit] -= 1
        for o in options:
            left[o] -= 1
            if feasible():
                out[o] |= 1 << card
                break
            left[o] += 1
        else:
            raise NoDeal("no way to redeal the hidden cards consistently with the voids shown")
    return out


def deal_uniform(cards: list[int], need: list[int], allowed: list[int],
                  rng: random.Random) -> list[int]:
    """Deal ``cards`` so seat o gets need[o] of them, all of suits in allowed[o] (4-bit
    masks), each such deal exactly as likely as any other.

    Unlike :func:`deal_hidden` (the computer players' quick sampler) this is uniform, which a
    take-back needs: the hidden cards must not lean towards where they really were. A plain
    shuffle is tried first (a deal it gives that keeps the voids is as likely as any other);
    when the voids make that rare, how many cards of each suit go to each seat is drawn in
    proportion to the number of deals each split gives, then each suit is shuffled into its
    seats.
    """
    seats = [o for o in range(SEATS) if need[o]]
    cards = sorted(cards)  # the result depends on the rng alone, not on the cards' order
    forbidden = [sum(1023 << (10 * suit) for suit in range(4) if not allowed[o] >> suit & 1)
                 for o in range(SEATS)]
    for _ in range(20):
        rng.shuffle(cards)
        out = [0, 0, 0, 0]
        start = 0
        for o in seats:
            for card in cards[start:start + need[o]]:
                out[o] |= 1 << card
            start += need[o]
        if not any(out[o] & forbidden[o] for o in seats):
            return out
    return _deal_by_suit_counts(sorted(cards), seats, need, allowed, rng)


def _deal_by_suit_counts(cards: list[int], seats: list[int], need: list[int],
                         allowed: list[int], rng: random.Random) -> list[int]:
    """The exact sampler behind :func:`deal_uniform`: deals counted suit by suit, with the
    seats' remaining needs as the state."""
    by_suit = [[c for c in cards if SUIT_OF[c] == suit] for suit in range(4)]
    counted: dict[tuple[int, tuple[int, ...]], int] = {}

    def splits(suit: int, left: tuple[int, ...]) -> list[tuple[int, ...]]:
        """Ways to share the suit's cards among the seats: a count per seat."""
        out: list[tuple[int, ...]] = []
        last = len(seats) - 1

        def share(i: int, rest: int, taken: tuple[int, ...]) -> None:
            top = min(rest, left[i]) if allowed[seats[i]] >> suit & 1 else 0
            if i == last:  # the last seat takes the rest, if it can
                if rest <= top:
                    out.append(taken + (rest,))
                return
            for n in range(top + 1):
                share(i + 1, rest - n, taken + (n,))

        share(0, len(by_suit[suit]), ())
        return out

    def weight(split: tuple[int, ...], size: int) -> int:
        w = factorial(size)
        for n in split:
            w //= factorial(n)
        return w

    def ways(suit: int, left: tuple[int, ...]) -> int:
        if suit == 4:
            return 0 if any(left) else 1
        key = (suit, left)
        if key not in counted:
            counted[key] = sum(
                weight(split, len(by_suit[suit])) * ways(suit + 1, _less(left, split))
                for split in splits(suit, left))
        return counted[key]

    left = tuple(need[o] for o in seats)
    if not ways(0, left):
        raise NoDeal("no way to redeal the hidden cards consistently with the voids shown")
    out = [0, 0, 0, 0]
    for suit in range(4):
        size = len(by_suit[suit])
        pick = rng.randrange(ways(suit, left))
        for split in splits(suit, left):
            w = weight(split, size) * ways(suit + 1, _less(left, split))
            if pick < w:
                break
            pick -= w
        suit_cards = by_suit[suit][:]
        rng.shuffle(suit_cards)
        start = 0
        for i, n in enumerate(split):
            for card in suit_cards[start:start + n]:
                out[seats[i]] |= 1 << card
            start += n
        left = _less(left, split)
    return out


def _less(left: tuple[int, ...], split: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(a - b for a, b in zip(left, split))

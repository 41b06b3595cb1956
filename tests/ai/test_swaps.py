"""The trades bots consider: what they lack for the next build against what they can spare."""

from __future__ import annotations

from ai.features.swaps import swap_terms


def test_one_for_one_and_two_for_one_only_from_real_spares() -> None:
    hand = [3, 0, 1, 0, 2]
    target = [1, 1, 1, 0, 1]  # lacks resource 1; spares two of resource 0 and one of resource 4
    assert swap_terms(hand, target) == [
        ((1, 0, 0, 0, 0), (0, 1, 0, 0, 0)),
        ((2, 0, 0, 0, 0), (0, 1, 0, 0, 0)),
        ((0, 0, 0, 0, 1), (0, 1, 0, 0, 0)),
    ]


def test_nothing_to_offer_when_nothing_is_lacking_or_spare() -> None:
    assert swap_terms([1, 1, 1, 1, 1], [1, 1, 1, 1, 1]) == []
    assert swap_terms([0, 0, 0, 0, 0], [1, 0, 0, 0, 0]) == []  # lacking, but nothing to give

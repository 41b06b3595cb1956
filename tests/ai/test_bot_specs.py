"""Per-bot parameters in a tournament line-up (`ai.registry.split_specs`)."""

from __future__ import annotations

import pytest

from ai.bots.mcts import MctsBot
from ai.registry import create_bot, split_specs
from engine.errors import ConfigError


def test_key_value_pieces_continue_the_spec_before() -> None:
    lineup = "mcts:budget_ms=400,width=6, value ,mcts:budget_ms=100"
    assert split_specs(lineup) == ["mcts:budget_ms=400,width=6", "value", "mcts:budget_ms=100"]


@pytest.mark.parametrize("lineup", ["mcts,greedy,,greedy", ",,,", "value,value,", ""])
def test_an_empty_name_is_refused_not_a_seat_dropped(lineup: str) -> None:
    """ "greedy,,greedy" played two seats where three were written; ",,," said "at least two"."""
    with pytest.raises(ConfigError, match="has an empty name"):
        split_specs(lineup)


def test_an_exec_command_is_not_extended_by_a_following_piece() -> None:
    """A command line's own text may hold '='; the next piece is a seat of its own."""
    assert split_specs("exec:./bot --x=1,y=2") == ["exec:./bot --x=1", "y=2"]


def test_the_joined_spec_reaches_the_bot_as_parameters() -> None:
    bot = create_bot(split_specs("mcts:budget_ms=400,widen=3,greedy")[0], 1)
    assert isinstance(bot, MctsBot)
    assert bot.budget_ms == 400.0 and bot.widen == 3

"""Pieces that several rulesets share: bank, dice, trade, robber, longest road, decks."""

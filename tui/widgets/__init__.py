"""Widgets of the game screen, one per module; they post intent messages and never change state."""

"""The built-in bots."""

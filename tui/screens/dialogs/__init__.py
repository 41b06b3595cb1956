"""Modal dialogs: each returns the choice (an action JSON, a value) or None if backed out."""

"""Bots: the protocol, discovery, the sandbox, the built-in ladder and tournaments."""

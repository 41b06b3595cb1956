"""Play over SSH: `catan serve`.

One asyncio process holds asyncssh, the lobby, the tables and the bots. Each
SSH session gets a pty and an app process forked from a helper that imported
Textual once (the zygote); that app reaches its seat through the Unix socket
of engine.table.unix_socket, bound by a one-time token. See
ARCHITECTURE.md, "The wire protocol and SSH play".
"""

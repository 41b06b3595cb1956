"""The terminal side: the Textual app, the `catan` command line and the SSH server."""

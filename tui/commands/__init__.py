"""One module per `catan` subcommand, each with `add_arguments(parser)` and `run(args) -> int`."""

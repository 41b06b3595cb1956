"""The table host: owns one game and its seats, and is the only caller of `apply` in play."""

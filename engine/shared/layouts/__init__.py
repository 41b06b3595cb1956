"""Hex-board layouts as JSON data, read by engine.shared.layout.load_layout."""

"""One package per ruleset; each exposes `RULESET` (see engine.registry)."""

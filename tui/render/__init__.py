"""Pure map renderers: views in, Rich Text out (ARCHITECTURE.md, tui/)."""

"""Pure map renderers: a seat's view in, a Rich `Text` out (ARCHITECTURE.md, tui/).

* `hexmap.render_hex_map(view, highlight, *, ascii, compact)`: base game (C&K, Fleet later);
  `hexmap.hex_map_layout(compact)` says where each vertex, edge and hex is drawn.
* `spacemap.render_space_map(view, highlight, *, ascii, compact)`: Starfarers;
  `spacemap.space_map_layout(compact)` likewise for points, ships and sectors.
* `targets`: `Highlight`, `MapLayout`, `hit_test` (mouse) and `nearest_target` (arrow keys).
* `palette`: seat styles and CSS classes, terrain and resource colours.
* `legend.map_legend(ruleset)`: the key to the glyphs.

Nothing here imports Textual; the map widget wraps these functions.
"""

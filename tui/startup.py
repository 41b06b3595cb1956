"""The cyclic garbage collector is paused while the app starts.

Start-up allocates some hundreds of thousands of objects (Textual, the CSS,
the board) and frees few of them, so every full collection in that time
scanned them all for nothing: about 40 ms of the first frame on a 2-core
machine (the map's first render took 52-56 ms with collections, 10-16 ms
without). Collection resumes once the first frame is drawn, with everything
made so far frozen out of later collections, which keeps them short in play
as well. Only the terminal commands pause it; a server running many sessions
never does, so nothing of theirs is frozen.
"""

from __future__ import annotations

import gc


def pause() -> None:
    gc.disable()


def resume(freeze: bool = True) -> None:
    """Collect again (once the first frame is out); `freeze` keeps start-up objects out of it."""
    if not gc.isenabled():
        if freeze:
            gc.freeze()
        gc.enable()

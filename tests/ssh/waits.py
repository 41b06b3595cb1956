"""Waiting in SSH tests: poll a condition until it holds, or fail naming what never came."""

from __future__ import annotations

import asyncio
from collections.abc import Callable


async def until(check: Callable[[], bool], what: str, timeout: float = 20.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not check():
        if loop.time() > end:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        await asyncio.sleep(0.02)

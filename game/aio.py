"""asyncio helpers shared by the servers' threads (the party server, the relay, the relay
transport): standard library only, so the relay, which loads nothing of the game, may use it.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable


def finish(loop: asyncio.AbstractEventLoop) -> None:
    """Close a loop whose `run_forever` has returned: cancel what still runs on it and let
    each task end, then close it. A task left pending would be finalised later by the
    garbage collector, in any thread, with no loop to run on ("Task was destroyed but it is
    pending", "no running event loop"), and CPython 3.11's AST constructor loses count when
    such a finaliser fails during a parse (gh-106905): pytest then crashed at its summary."""
    if loop.is_closed():
        return
    tasks = [t for t in asyncio.all_tasks(loop) if not t.done()]
    for task in tasks:
        task.cancel()
    with contextlib.suppress(Exception):
        if tasks:
            loop.run_until_complete(asyncio.gather(*tasks, return_exceptions=True))
        loop.run_until_complete(loop.shutdown_asyncgens())
    loop.close()


def call_in(loop: asyncio.AbstractEventLoop | None, thread: threading.Thread | None,
            fn: Callable[[], object], timeout: float = 10.0) -> object:
    """Run `fn` on the loop that owns a server's state and wait for its result; directly
    when that loop is not running (no other thread touches the state then) or when called
    from the loop's own thread."""
    if loop is None or not loop.is_running() or threading.current_thread() is thread:
        return fn()

    async def run() -> object:
        return fn()

    return asyncio.run_coroutine_threadsafe(run(), loop).result(timeout)


def post_to(loop: asyncio.AbstractEventLoop | None, fn: Callable[[], None]) -> None:
    """Hand `fn` to the loop without waiting, in order with every other call; directly when
    the loop is not running; dropped when it closed meanwhile (nothing to deliver to)."""
    if loop is None or not loop.is_running():
        fn()
        return
    with contextlib.suppress(RuntimeError):
        loop.call_soon_threadsafe(fn)


__all__ = ["call_in", "finish", "post_to"]

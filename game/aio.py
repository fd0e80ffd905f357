"""asyncio helpers shared by the servers' threads (the party server, the relay, the relay
transport): standard library only, so the relay, which loads nothing of the game, may use it.
"""

from __future__ import annotations

import asyncio
import contextlib


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


__all__ = ["finish"]

"""Where a relay keeps what several instances must share (issue 46, item 5): the registry of
rooms (each with an expiry) and the channels frames travel on. One instance needs nothing but
its own memory (`MemoryBackend`); several share a Redis (`RedisBackend`): a host on one
instance and its players on another then meet through the same keys and channels.

The relay asks a backend only five things (`Backend`): publish bytes on a channel, subscribe
to a channel, register a room's record for a time, look a room up, forget it. Records are
small dicts (digests of the secret and the seat tokens, whether the host is here); payloads
cross a backend as bytes it never reads.

Delivery is at most once and in order per channel (Redis pub/sub's promise): a frame
published while nobody listens is gone, which the protocol above expects (a page that comes
back is sent the host's latest view again).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable
from typing import Protocol

log = logging.getLogger(__name__)

PREFIX = "hh:relay:"  # every key and channel of ours in a shared Redis starts so
POOL_SIZE = 64  # Redis connections one instance uses for commands (pub/sub has its own)
POOL_WAIT = 10.0  # seconds a command waits for a free one before it counts as Redis lost
LOOKUP_BATCH = 500  # room keys in one MGET
Deliver = Callable[[bytes], None]


class BackendError(Exception):
    """The shared store cannot be reached or refused a command."""


class Subscription(Protocol):
    async def close(self) -> None: ...


class Backend(Protocol):
    """What a relay needs from the place rooms and frames are shared."""

    lost: Callable[[str], None] | None  # told, once, when the backend stops working

    async def publish(self, channel: str, data: bytes) -> None: ...

    async def subscribe(self, channel: str, deliver: Deliver) -> Subscription:
        """`deliver(data)` is called on the relay's loop for each message from now on."""
        ...

    async def register(self, room: str, record: dict, ttl: float) -> None:
        """Keep `record` for `room` for `ttl` seconds (replacing what was there)."""
        ...

    async def lookup(self, room: str) -> dict | None: ...

    async def lookup_many(self, rooms: list[str]) -> dict[str, dict | None]: ...

    async def forget(self, room: str) -> None: ...

    async def close(self) -> None: ...


class _Hub:
    """Local fan-out: every subscriber of a channel on this instance, so the shared store
    carries one subscription per channel and instance, not one per connection."""

    def __init__(self) -> None:
        self.channels: dict[str, list[Deliver]] = {}

    def add(self, channel: str, deliver: Deliver) -> bool:
        """True when the channel is new to this instance."""
        subs = self.channels.setdefault(channel, [])
        subs.append(deliver)
        return len(subs) == 1

    def remove(self, channel: str, deliver: Deliver) -> bool:
        """True when nobody on this instance listens to the channel any more."""
        subs = self.channels.get(channel)
        if subs is None or deliver not in subs:
            return False
        subs.remove(deliver)
        if subs:
            return False
        del self.channels[channel]
        return True

    def deliver(self, channel: str, data: bytes) -> None:
        for fn in list(self.channels.get(channel, ())):
            try:
                fn(data)
            except Exception:  # noqa: BLE001 - one connection's trouble is not the others'
                log.warning("relay: a subscriber failed", exc_info=True)


class _Unsubscribe:
    def __init__(self, drop: Callable[[], object]) -> None:
        self._drop = drop
        self._done = False

    async def close(self) -> None:
        if not self._done:
            self._done = True
            result = self._drop()
            if asyncio.iscoroutine(result):
                await result


class MemoryBackend:
    """One instance alone: the registry is a dict whose expiry reads the injected clock (so a
    test steps time instead of waiting), the channels a local fan-out."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.lost: Callable[[str], None] | None = None
        self._rooms: dict[str, tuple[float, dict]] = {}
        self._hub = _Hub()

    async def publish(self, channel: str, data: bytes) -> None:
        self._hub.deliver(channel, data)

    async def subscribe(self, channel: str, deliver: Deliver) -> Subscription:
        self._hub.add(channel, deliver)
        return _Unsubscribe(lambda: self._hub.remove(channel, deliver))

    async def register(self, room: str, record: dict, ttl: float) -> None:
        self._rooms[room] = (self.clock() + ttl, dict(record))

    async def lookup(self, room: str) -> dict | None:
        kept = self._rooms.get(room)
        if kept is None:
            return None
        if kept[0] <= self.clock():
            del self._rooms[room]
            return None
        return dict(kept[1])

    async def lookup_many(self, rooms: list[str]) -> dict[str, dict | None]:
        return {room: await self.lookup(room) for room in rooms}

    async def forget(self, room: str) -> None:
        self._rooms.pop(room, None)

    async def close(self) -> None:
        self._rooms.clear()


class RedisBackend:
    """Several instances through one Redis: a room is a key with a TTL (`SET ... PX`), a
    channel a Redis pub/sub channel; one pub/sub connection per instance, read by one task.
    If that task fails (Redis gone), `lost` is told once and every later call raises
    BackendError."""

    def __init__(self, client: object) -> None:
        self._client = client
        self._pubsub = client.pubsub()  # type: ignore[attr-defined]
        self._hub = _Hub()
        self._task: asyncio.Task | None = None
        self.lost: Callable[[str], None] | None = None
        self._broken: str | None = None

    @classmethod
    async def connect(cls, url: str, *, timeout: float = 5.0) -> RedisBackend:
        """A backend on Redis at `url` (redis://host:port/db), checked with a PING; a
        BackendError with the reason when it cannot be had."""
        try:
            import redis.asyncio as aioredis
            from redis.exceptions import RedisError
        except ImportError as e:
            raise BackendError("the redis package is not installed (pip install redis)") from e
        try:
            # a pool that makes a burst wait for a free connection (4,000 pages leaving at
            # once) instead of failing it: redis-py's default pool raises "Too many
            # connections" past 100, which would read here as Redis lost
            pool = aioredis.BlockingConnectionPool.from_url(
                url, max_connections=POOL_SIZE, timeout=POOL_WAIT,
                socket_connect_timeout=timeout, socket_timeout=None, decode_responses=False)
            from_pool = getattr(aioredis.Redis, "from_pool", None)
            client = from_pool(pool) if from_pool is not None else aioredis.Redis(
                connection_pool=pool, auto_close_connection_pool=True)
        except ValueError as e:
            raise BackendError(f"not a Redis address: {e}") from e
        try:
            await asyncio.wait_for(client.ping(), timeout)
        except (RedisError, OSError, TimeoutError) as e:
            await client.aclose()
            raise BackendError(f"cannot reach Redis at {_safe(url)} ({_why(e)})") from e
        backend = cls(client)
        await backend._start()
        return backend

    async def _start(self) -> None:
        # one channel of its own, so the reader always has a subscription to wait on
        await self._pubsub.subscribe(**{f"{PREFIX}i:{id(self)}:{time.time_ns()}":
                                        self._on_message})
        self._task = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        try:
            await self._pubsub.run(poll_timeout=1.0)
        except asyncio.CancelledError:
            raise
        except Exception as e:  # noqa: BLE001 - any failure means Redis is gone for us
            self._fail(f"Redis connection lost ({_why(e)})")

    def _fail(self, why: str) -> None:
        if self._broken is None:
            self._broken = why
            log.warning("relay: %s", why)
            if self.lost is not None:
                self.lost(why)

    def _on_message(self, message: dict) -> None:
        channel = message.get("channel")
        if isinstance(channel, bytes):
            channel = channel.decode()
        data = message.get("data")
        if isinstance(channel, str) and isinstance(data, bytes):
            self._hub.deliver(channel, data)

    async def _do(self, coro: object) -> object:
        if self._broken is not None:
            if asyncio.iscoroutine(coro):
                coro.close()
            raise BackendError(self._broken)
        try:
            return await coro  # type: ignore[misc]
        except Exception as e:  # noqa: BLE001 - said as a BackendError, handled by the relay
            self._fail(f"Redis command failed ({_why(e)})")
            raise BackendError(_why(e)) from e

    async def publish(self, channel: str, data: bytes) -> None:
        await self._do(self._client.publish(channel, data))  # type: ignore[attr-defined]

    async def subscribe(self, channel: str, deliver: Deliver) -> Subscription:
        if self._hub.add(channel, deliver):
            await self._do(self._pubsub.subscribe(**{channel: self._on_message}))

        async def drop() -> None:
            if self._hub.remove(channel, deliver) and self._broken is None:
                try:
                    await self._pubsub.unsubscribe(channel)
                except Exception:  # noqa: BLE001 - a gone Redis has no subscription left
                    pass

        return _Unsubscribe(drop)

    async def register(self, room: str, record: dict, ttl: float) -> None:
        await self._do(self._client.set(  # type: ignore[attr-defined]
            _room_key(room), json.dumps(record).encode(), px=max(1, int(ttl * 1000))))

    async def lookup(self, room: str) -> dict | None:
        raw = await self._do(self._client.get(_room_key(room)))  # type: ignore[attr-defined]
        return _record(raw)

    async def lookup_many(self, rooms: list[str]) -> dict[str, dict | None]:
        """Many rooms in few round trips (MGET, `LOOKUP_BATCH` keys at a time): the sweep
        of an instance that holds the seats of a thousand rooms hosted elsewhere."""
        out: dict[str, dict | None] = {}
        for at in range(0, len(rooms), LOOKUP_BATCH):
            part = rooms[at:at + LOOKUP_BATCH]
            raws = await self._do(self._client.mget(  # type: ignore[attr-defined]
                [_room_key(r) for r in part]))
            for room, raw in zip(part, raws or [None] * len(part), strict=False):
                out[room] = _record(raw)
        return out

    async def forget(self, room: str) -> None:
        await self._do(self._client.delete(_room_key(room)))  # type: ignore[attr-defined]

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except (asyncio.CancelledError, Exception):  # noqa: BLE001 - closing
                pass
        for step in (self._pubsub.aclose(), self._client.aclose()):  # type: ignore[attr-defined]
            try:
                await step
            except Exception:  # noqa: BLE001 - closing a gone connection
                pass


def room_channel(room: str, seat: int | None) -> str:
    """The host's channel of a room (seat None) or one seat's."""
    return f"{PREFIX}{room}:" + ("h" if seat is None else f"s{seat}")


def _record(raw: object) -> dict | None:
    """A room's record as Redis keeps it (JSON), or None for nothing or anything else."""
    if not isinstance(raw, bytes):
        return None
    try:
        record = json.loads(raw)
    except ValueError:
        return None
    return record if isinstance(record, dict) else None


def _room_key(room: str) -> str:
    return f"{PREFIX}room:{room}"


def _why(e: BaseException) -> str:
    return str(e) or type(e).__name__


def _safe(url: str) -> str:
    """The address without a password, to be said."""
    if "@" in url:
        scheme, _, rest = url.partition("://")
        return f"{scheme}://…@{rest.rsplit('@', 1)[1]}"
    return url


__all__ = ["Backend", "BackendError", "MemoryBackend", "RedisBackend", "Subscription",
           "room_channel"]

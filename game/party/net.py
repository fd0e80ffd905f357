"""Which address a party game listens on (issue 28, item 4): this computer's address on the
home network when it has one (a private address: 10/8, 172.16/12, 192.168/16, fd00::/8),
else this computer only (127.0.0.1). Never every interface, never a public address by
default."""

from __future__ import annotations

import ipaddress
import socket

LOOPBACK = "127.0.0.1"


def route_address() -> str | None:
    """The address this computer would use to reach the outside (no packet is sent: a UDP
    socket is only pointed at a documentation address)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))
            return s.getsockname()[0]
    except OSError:
        return None


def is_home_network(address: str) -> bool:
    """A private (home or office network) address, not a loopback or a public one."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return ip.is_private and not ip.is_loopback and not ip.is_link_local


def choices() -> list[str]:
    """The addresses a host may pick, the home network's first; 127.0.0.1 always last."""
    out = []
    found = route_address()
    if found and is_home_network(found):
        out.append(found)
    out.append(LOOPBACK)
    return out


def default_bind() -> str:
    return choices()[0]


__all__ = ["LOOPBACK", "choices", "default_bind", "is_home_network", "route_address"]

"""Which address a party game listens on (issue 28, item 4; issue 42, item 11): this
computer's address on the home network when it has one, else this computer only
(127.0.0.1). Never every interface, never a public address by default.

"The home network" is narrow on purpose: an IPv4 address of RFC 1918 (10/8, 172.16/12,
192.168/16) or an IPv6 unique local address (fc00::/7, RFC 4193), that this computer holds
on one of its interfaces (it can bind it). Python's `is_private` says more (documentation,
benchmarking and reserved ranges), and a carrier's shared range (100.64/10) is other
people's network: neither is one a phone on the home Wi-Fi can be expected to reach.
"""

from __future__ import annotations

import ipaddress
import socket

LOOPBACK = "127.0.0.1"
HOME_NETWORKS = tuple(ipaddress.ip_network(n) for n in (
    "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"))
# where the route is asked for: documentation addresses (RFC 5737, RFC 3849), never sent to
PROBES = ((socket.AF_INET, "192.0.2.1"), (socket.AF_INET6, "2001:db8::1"))


class BadBind(ValueError):
    """An address the host refuses to listen on (every interface at once)."""


def route_address(family: int = socket.AF_INET, probe: str = "192.0.2.1") -> str | None:
    """The address this computer would use to reach the outside (no packet is sent: a UDP
    socket is only pointed at a documentation address)."""
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as s:
            s.connect((probe, 9))
            return str(s.getsockname()[0]).split("%", 1)[0]
    except OSError:
        return None


def is_home_network(address: str) -> bool:
    """An address of a home or office network (RFC 1918, or an IPv6 unique local one)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip.version == net.version and ip in net for net in HOME_NETWORKS)


def holds(address: str) -> bool:
    """This computer has `address` on one of its interfaces (it can listen there)."""
    try:
        family = socket.AF_INET6 if ":" in address else socket.AF_INET
        with socket.socket(family, socket.SOCK_STREAM) as s:
            s.bind((address, 0))
        return True
    except OSError:
        return False


def choices() -> list[str]:
    """The addresses a host may pick, the home network's first; 127.0.0.1 always last."""
    out = []
    for family, probe in PROBES:
        found = route_address(family, probe)
        if found and is_home_network(found) and holds(found) and found not in out:
            out.append(found)
    out.append(LOOPBACK)
    return out


def default_bind() -> str:
    return choices()[0]


def check_bind(address: str) -> str:
    """An address given by the player, checked: `auto` picks one; every interface at once
    (0.0.0.0, ::) is refused with a sentence that says why (BadBind)."""
    if address == "auto":
        return default_bind()
    try:
        ip = ipaddress.ip_address(address.strip("[]"))
    except ValueError:
        return address  # a name: the system resolves it when the server listens
    if ip.is_unspecified:
        raise BadBind(
            f"{address} would listen on every network this computer is on, the internet "
            "included. Give this computer's address on your home network (for example "
            "192.168.1.20), or leave --bind out to pick it.")
    return str(ip)


__all__ = ["LOOPBACK", "BadBind", "check_bind", "choices", "default_bind", "holds",
           "is_home_network", "route_address"]

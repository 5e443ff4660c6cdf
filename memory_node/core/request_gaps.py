"""Requests a server never took, counted from the clients' sequence numbers.

Each service client numbers its requests 1, 2, 3, ... (the DDS sample sequence of its
request writer). A server that sees, from one client, 7 after 4 missed 5 and 6: they were
dropped before it could take them (a full request queue, KEEP_LAST overwriting). The
first request seen from a client sets its baseline: what a client sent before the server
existed, or to a server that was restarted since, is not this server's loss.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable


class RequestGaps:
    """Missing sequence numbers per client; bounded memory (least recent clients go)."""

    def __init__(self, max_clients: int = 1024) -> None:
        if max_clients < 1:
            raise ValueError(f"max_clients must be at least 1, got {max_clients}")
        self.max_clients = max_clients
        self._last: OrderedDict[Hashable, int] = OrderedDict()
        self.missed = 0

    def observe(self, client: Hashable, sequence: int) -> int:
        """Record request `sequence` of `client`; returns how many were skipped since
        that client's previous request (0 for in-order, repeated or first requests)."""
        last = self._last.get(client)
        self._last[client] = sequence if last is None else max(last, sequence)
        self._last.move_to_end(client)
        if len(self._last) > self.max_clients:
            self._last.popitem(last=False)
        if last is None or sequence <= last:
            return 0
        gap = sequence - last - 1
        self.missed += gap
        return gap

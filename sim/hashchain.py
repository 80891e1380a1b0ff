"""A hash chain over an exported log, so that a log edited or cut after export is noticed.

Each line of a log written since chains were introduced carries ``"chain"``: the SHA-256 of the
previous line's chain followed by this line's record in canonical JSON (sorted keys, no spaces,
without the ``chain`` field itself). The last line also carries ``"end": true`` (inside what the
chain covers), so a log cut at a line boundary is noticed too. A die changed from 3 to 5 on line
40 breaks the chain at line 40, whatever else was left alone.

This is a check against accidents and casual edits, not a signature: whoever edits a log can
recompute the chain. Logs exported before chains existed have none and are still read.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

CHAIN = "chain"
END = "end"
#: what the first line's chain starts from; names the scheme, so another one can follow
GENESIS = "sim-log-chain-v1"


def canonical(record: dict[str, Any]) -> bytes:
    """The record as the chain hashes it: canonical JSON of every field but ``chain``."""
    body = {key: value for key, value in record.items() if key != CHAIN}
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def link(previous: str, record: dict[str, Any]) -> str:
    """The chain value of ``record`` following a line whose chain value is ``previous``."""
    return hashlib.sha256(previous.encode("ascii") + b"\n" + canonical(record)).hexdigest()


#: how a line written by ``line`` ends: the chain value, after the canonical JSON of the rest
_TAIL = ',"chain":"'
_HEX = 64
#: the length of the tail and the value, and the closing quote and brace
_TAIL_AND_VALUE = len(_TAIL) + _HEX + 2


def line(previous: str, record: dict[str, Any]) -> tuple[str, str]:
    """A log line for ``record`` (whose chain value is computed here) and that value. The line
    is the record's canonical JSON with the chain added last, so that a reader can hash the
    text it read instead of writing the JSON out again (``expected``)."""
    body = canonical(record).decode("utf-8")
    value = hashlib.sha256(previous.encode("ascii") + b"\n" + body.encode("utf-8")).hexdigest()
    return f"{body[:-1]}{_TAIL}{value}\"}}", value


def expected(previous: str, text: str, record: dict[str, Any]) -> str:
    """The chain value the line ``text`` (parsed as ``record``) must carry. A line as ``line``
    wrote it is hashed as read; any other line is written out canonically first."""
    value = record.get(CHAIN)
    cut = len(text) - _TAIL_AND_VALUE
    if isinstance(value, str) and cut > 0 and text[cut:-2] == _TAIL + value and text.endswith('"}'):
        # one text encoded and hashed at once: what ``line`` hashed, the chain value cut away
        digest = hashlib.sha256(f"{previous}\n{text[:cut]}}}".encode()).hexdigest()
        if digest == value:
            return digest
    return link(previous, record)


def chained(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The records with their chain values, the last one marked as the end."""
    out: list[dict[str, Any]] = []
    previous = GENESIS
    for index, record in enumerate(records):
        entry = dict(record)
        if index == len(records) - 1:
            entry[END] = True
        entry[CHAIN] = previous = link(previous, entry)
        out.append(entry)
    return out

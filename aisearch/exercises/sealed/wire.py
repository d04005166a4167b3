"""Plain data across the seal: what passes between the grader and a sandbox.

A student's code runs in a sandbox (``sandbox.py``); the grader keeps the
games and the checks. What crosses between them is *plain data* only: None,
booleans, numbers, strings, and tuples, lists, dicts, frozensets and named
tuples of them. Nothing else can cross, so an object that the student's code
built (a number whose ``__eq__`` always says yes, a string that patches
itself) arrives in the grader as the plain value it claims to be, or as an
``Opaque`` stand-in that equals nothing.

A message is one line of JSON (ASCII, so no raw newline can occur inside
it), an object with an ``"op"``. A value inside a message is *encoded*: JSON
arrays are lists, and every other kind is an object with one tag:

========================  ==========================================
``{"$t": [...]}``         a tuple
``{"$n": name, "$f": fields, "$v": [...]}``  a named tuple (an Isolation state)
``{"$d": [[k, v], ...]}`` a dict
``{"$s": [...]}``         a frozenset
``{"$e": 0}``             ``...`` (the Ellipsis a student leaves in an answer)
``{"$h": id, ...}``       a handle: the grader's game, asked over the pipe
``{"$m": name}``          a player's name from ``to_move``, noting what it is compared with
``{"$o": type, "$r": repr}``  anything else, by its type's name and a short repr
========================  ==========================================

This module imports only the standard library, and nothing relative: the
sandbox mounts it beside ``worker.py`` with none of the package around it.

>>> decode(json.loads(json.dumps(encode({"A": (1, 2.5), "B": [None, ...]}))))
{'A': (1, 2.5), 'B': [None, Ellipsis]}
>>> class Liar(int):
...     def __eq__(self, other):
...         return True
>>> decode(encode(Liar(3))) == 4
False
"""

from __future__ import annotations

import collections
import json
import numbers
import os
import select
import time
from collections.abc import Callable
from typing import Any

MESSAGE_LIMIT = 8 * 2**20
"""The longest message either side reads (bytes): a longer one is a protocol error."""

REPR_LIMIT = 200
"""How much of an opaque object's repr crosses."""

_PLAIN = (type(None), bool, int, float, str)


class WireError(ValueError):
    """A message or value that is not what the protocol allows."""


class Opaque:
    """An object that could not cross as plain data: its type's name and a short repr.

    It equals only itself and is no number, so a check reads it as a wrong answer.
    """

    __slots__ = ("type_name", "text")

    def __init__(self, type_name: str, text: str) -> None:
        self.type_name = type_name
        self.text = text

    def __repr__(self) -> str:
        return self.text


def encode(value: Any, other: Callable[[Any], Any] | None = None, _depth: int = 0) -> Any:
    """``value`` as JSON data with the tags above.

    ``other(value)`` is asked first about anything that is not exactly a plain
    type; it returns the encoding to use, or ``None`` for the default: the
    plain value a subclass of a plain type (or a numpy number) stands for, or
    an ``Opaque`` description.
    """
    if _depth > 100:
        raise WireError("a value nested more than 100 levels deep")
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is list:
        return [encode(v, other, _depth + 1) for v in value]
    if kind is tuple:
        return {"$t": [encode(v, other, _depth + 1) for v in value]}
    if other is not None and (special := other(value)) is not None:
        return special
    if isinstance(value, tuple) and hasattr(kind, "_fields"):
        return {
            "$n": kind.__name__,
            "$f": list(kind._fields),
            "$v": [encode(v, other, _depth + 1) for v in value],
        }
    if isinstance(value, dict):
        return {
            "$d": [
                [encode(k, other, _depth + 1), encode(v, other, _depth + 1)]
                for k, v in value.items()
            ]
        }
    if isinstance(value, (set, frozenset)):
        return {"$s": [encode(v, other, _depth + 1) for v in value]}
    if value is Ellipsis:
        return {"$e": 0}
    plain = _plain_base(value)
    if plain is not None:
        return plain
    if isinstance(value, (list, tuple)):
        items = [encode(v, other, _depth + 1) for v in value]
        return items if isinstance(value, list) else {"$t": items}
    return {"$o": kind.__name__, "$r": short_repr(value)}


def _plain_base(value: Any) -> Any:
    """The plain value that a subclass of a plain type, or a numpy scalar, stands for.

    The base type's own conversion is used, so a subclass cannot answer for itself.
    """
    kind = type(value)
    if kind.__module__ == "numpy" and kind.__name__ in ("bool_", "bool"):
        return bool(value)
    if isinstance(value, int):
        return int.__index__(value)
    if isinstance(value, float):
        return float.__float__(value)
    if isinstance(value, str):
        return str.__str__(value)
    if kind.__module__ == "numpy" and isinstance(value, numbers.Integral):
        return int(value)
    if kind.__module__ == "numpy" and isinstance(value, numbers.Real):
        return float(value)
    return None


def short_repr(value: Any) -> str:
    """``repr(value)``, at most ``REPR_LIMIT`` characters; a repr that fails names the type."""
    try:
        text = repr(value)
    except Exception:
        text = f"<{type(value).__name__} object>"
    if not isinstance(text, str):
        text = f"<{type(value).__name__} object>"
    return text if len(text) <= REPR_LIMIT else text[: REPR_LIMIT - 1] + "…"


def decode(
    data: Any,
    handle: Callable[[dict], Any] | None = None,
    mover: Callable[[str], Any] | None = None,
    named: Callable[[str, tuple, tuple], Any] | None = None,
) -> Any:
    """The Python value that ``data`` (JSON data, tagged) encodes.

    Only exact plain types come out (with tuples, lists, dicts, frozensets and
    ``Opaque``). ``handle(tag)`` turns a handle into its object, ``mover(name)``
    a player's name from ``to_move``, ``named(name, fields, values)`` a named
    tuple (by default a plain tuple); a side that gives none refuses the tag.

    Raises:
        WireError: anything the protocol does not allow.
    """
    try:
        return _decode(data, handle, mover, named)
    except WireError:
        raise
    except (RecursionError, TypeError, ValueError) as error:
        raise WireError(f"a value the grader cannot read: {error}") from None


def _decode(data, handle, mover, named):
    kind = type(data)
    if kind in _PLAIN:
        return data
    if kind is list:
        return [_decode(v, handle, mover, named) for v in data]
    if kind is not dict or len(data) == 0:
        raise WireError(f"not an encoded value: {data!r:.80}")
    if "$t" in data and len(data) == 1:
        return tuple(_decode(v, handle, mover, named) for v in _items(data["$t"]))
    if "$d" in data and len(data) == 1:
        pairs = [_decode(pair, handle, mover, named) for pair in _hashed(data["$d"])]
        if not all(isinstance(p, list) and len(p) == 2 for p in pairs):
            raise WireError("a dict's items must be [key, value] pairs")
        return {k: v for k, v in pairs}
    if "$s" in data and len(data) == 1:
        return frozenset(_decode(v, handle, mover, named) for v in _hashed(data["$s"]))
    if "$e" in data and len(data) == 1:
        return Ellipsis
    if "$n" in data and set(data) == {"$n", "$f", "$v"}:
        name, fields = data["$n"], data["$f"]
        values = tuple(_decode(v, handle, mover, named) for v in _items(data["$v"]))
        if not isinstance(name, str) or not all(isinstance(f, str) for f in _items(fields)):
            raise WireError("a named tuple's name and fields must be strings")
        if len(fields) != len(values):
            raise WireError("a named tuple needs one value a field")
        return values if named is None else named(name, tuple(fields), values)
    if "$o" in data and set(data) == {"$o", "$r"}:
        if not isinstance(data["$o"], str) or not isinstance(data["$r"], str):
            raise WireError("an opaque value's type and repr must be strings")
        return Opaque(data["$o"][:80], data["$r"][:REPR_LIMIT])
    if "$h" in data and handle is not None:
        return handle(data)
    if "$m" in data and len(data) == 1 and mover is not None and isinstance(data["$m"], str):
        return mover(data["$m"])
    raise WireError(f"not an encoded value: {data!r:.80}")


HASHED_LIMIT = 1000
"""The most items of a dict or a frozenset that crosses (keys that hash alike cost the
reader time that grows as the square of their number)."""


def _hashed(data) -> list:
    items = _items(data)
    if len(items) > HASHED_LIMIT:
        raise WireError(f"a dict or a set of more than {HASHED_LIMIT} items")
    return items


def _items(data) -> list:
    if type(data) is not list:
        raise WireError(f"expected a list, got {data!r:.80}")
    return data


class Channel:
    """Messages over a pair of pipes: one line of JSON each, at most ``limit`` bytes.

    ``receive(timeout)`` returns ``None`` when no whole message came within
    ``timeout`` seconds (``None``: wait for ever), and raises ``EOFError`` when
    the other side closed its end. ``send(message, timeout)`` raises
    ``TimeoutError`` if the other side does not read it in time.
    """

    def __init__(self, read_fd: int, write_fd: int, limit: int = MESSAGE_LIMIT) -> None:
        self.read_fd = read_fd
        self.write_fd = write_fd
        self.limit = limit
        self._buffer = bytearray()
        self._scanned = 0
        self.last_size = 0
        """The length of the last message received, in bytes."""

    def send(self, message: dict, timeout: float | None = None) -> None:
        data = json.dumps(message, ensure_ascii=True, separators=(",", ":")).encode() + b"\n"
        view = memoryview(data)
        deadline = None if timeout is None else time.monotonic() + timeout
        while view:
            if deadline is not None:
                left = deadline - time.monotonic()
                if left <= 0 or not select.select([], [self.write_fd], [], left)[1]:
                    raise TimeoutError("the other side does not read")
            written = os.write(self.write_fd, view[:65536] if deadline is not None else view)
            view = view[written:]

    def receive(self, timeout: float | None = None) -> dict | None:
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            end = self._buffer.find(b"\n", self._scanned)
            if end >= 0:
                line = bytes(self._buffer[:end])
                del self._buffer[: end + 1]
                self._scanned = 0
                self.last_size = len(line)
                return self._parse(line)
            self._scanned = len(self._buffer)
            if len(self._buffer) > self.limit:
                raise WireError(f"a message longer than {self.limit:,} bytes")
            if deadline is not None:
                left = deadline - time.monotonic()
                if left <= 0 or not select.select([self.read_fd], [], [], left)[0]:
                    return None
            chunk = os.read(self.read_fd, 1 << 16)
            if not chunk:
                raise EOFError("the other side closed the pipe")
            self._buffer += chunk

    def _parse(self, line: bytes) -> dict:
        if len(line) > self.limit:
            raise WireError(f"a message longer than {self.limit:,} bytes")
        try:
            message = json.loads(line)
        except (ValueError, RecursionError) as error:
            raise WireError(f"a message that is not JSON: {error}") from None
        if type(message) is not dict or not isinstance(message.get("op"), str):
            raise WireError(f"a message without an op: {line[:80]!r}")
        return message


_CLASSES: dict = {}


def named_tuple_class(name: str, fields: tuple) -> type:
    """A named tuple class of ``name`` and ``fields``: the sandbox's side of a state.

    Raises:
        WireError: a name or field that a named tuple cannot have.
    """
    key = (name, fields)
    if key not in _CLASSES:
        try:
            _CLASSES[key] = collections.namedtuple(name, fields)
        except (TypeError, ValueError) as error:
            raise WireError(f"a named tuple the sandbox cannot make: {error}") from None
    return _CLASSES[key]

"""Find the line of a key path in a TOML text (tomllib reports lines only for syntax errors)."""

from __future__ import annotations

import re
from bisect import bisect_left

_HEADER = re.compile(r"\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
# a key being assigned: at the start of a line or after "{" or ",", bare or quoted (as written, escapes kept)
_KEY = re.compile(r"""(?:^|[\s{,])(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|([A-Za-z0-9_-]+))\s*=""")


def _unescape(raw: str) -> str:
    """A basic string's key as TOML reads it (\\u3042, \\" …); as written when it does not parse."""
    import tomllib

    try:
        return next(iter(tomllib.loads(f'"{raw}" = 0')))
    except (tomllib.TOMLDecodeError, StopIteration):
        return raw


def _split_dotted(name: str) -> tuple[str, ...]:
    return tuple(p.strip().strip('"').strip("'") for p in re.findall(r'"[^"]*"|\'[^\']*\'|[^.]+', name))


class Locator:
    """Maps key paths such as ``("model", "layers", 0, "Wq")`` to 1-based line numbers."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self.tables: list[tuple[tuple, int]] = []  # (path, first line index) per header
        counts: dict[tuple, int] = {}  # an array of tables (by its path, indices included) -> its last index
        for n, line in enumerate(self.lines):
            m = _HEADER.match(line)
            if not m or line.lstrip().startswith("#"):
                continue
            names = _split_dotted(m.group(2))
            path: tuple[object, ...] = ()
            for i, name in enumerate(names):  # [parts.claims] under the second [[parts]]: parts[1].claims
                path += (name,)
                if i == len(names) - 1 and m.group(1) == "[[":
                    counts[path] = counts.get(path, -1) + 1
                    path += (counts[path],)
                elif path in counts:
                    path += (counts[path],)
            self.tables.append((path, n))
        self._depth = max((len(p) for p, _ in self.tables), default=0)
        self._sections: dict[tuple, tuple[int, int, int]] = {}
        self._keys: dict[tuple[int, int], dict[str, list[int]]] = {}  # (from, to) -> key -> its lines, in order

    def _index(self, start: int, end: int) -> dict[str, list[int]]:
        """Every key assigned between two lines, with the lines it is assigned on: built once per section, so
        finding a claim's line costs a lookup, not a search (a document's case has thousands of claims)."""
        got = self._keys.get((start, end))
        if got is None:
            got = {}
            for n in range(start, end):
                line = self.lines[n]
                if "=" not in line or line.lstrip().startswith("#"):
                    continue
                for m in _KEY.finditer(line):
                    key = next(g for g in m.groups() if g is not None)
                    if m.group(1) and "\\" in key:
                        key = _unescape(key)
                    seen = got.setdefault(key, [])
                    if not seen or seen[-1] != n:
                        seen.append(n)
            self._keys[(start, end)] = got
        return got

    def _section(self, path: tuple) -> tuple[int, int, int]:
        """(start, end, consumed) of the longest table header matching a prefix of path."""
        head = path[:self._depth]
        got = self._sections.get(head)
        if got is None:
            got = self._sections[head] = self._find_section(head)
        return got

    def _find_section(self, path: tuple) -> tuple[int, int, int]:
        best = (0, len(self.lines), 0)
        for k, (tpath, start) in enumerate(self.tables):
            depth = len(tpath)
            if path[:depth] == tpath and depth > best[2]:
                end = self.tables[k + 1][1] if k + 1 < len(self.tables) else len(self.lines)
                best = (start, end, depth)
        if best[2] == 0 and self.tables:
            best = (0, self.tables[0][1], 0)
        return best

    def line_of(self, *path) -> int | None:
        """Best line for path: the header, then each key found below the previous one."""
        start, end, used = self._section(tuple(path))
        found = start + 1 if used else None
        pos = start
        index = self._index(start, end)
        for key in path[used:]:
            if isinstance(key, int):
                continue
            lines = index.get(str(key), ())
            k = bisect_left(lines, pos)
            if k < len(lines):
                pos = lines[k]
                found = pos + 1
        return found

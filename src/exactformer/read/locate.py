"""Find the line of a key path in a TOML text (tomllib reports lines only for syntax errors)."""

from __future__ import annotations

import re
from functools import lru_cache

_HEADER = re.compile(r"\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")


@lru_cache(maxsize=4096)
def _key_pattern(key: str) -> re.Pattern:
    k = re.escape(key)
    return re.compile(rf'(?:^|[\s{{,])(?:"{k}"|\'{k}\'|{k})\s*=')


def _split_dotted(name: str) -> tuple[str, ...]:
    return tuple(p.strip().strip('"').strip("'") for p in re.findall(r'"[^"]*"|\'[^\']*\'|[^.]+', name))


class Locator:
    """Maps key paths such as ``("model", "layers", 0, "Wq")`` to 1-based line numbers."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self.tables: list[tuple[tuple, int]] = []  # (path, first line index) per header
        counts: dict[tuple, int] = {}
        path: tuple[object, ...]
        for n, line in enumerate(self.lines):
            m = _HEADER.match(line)
            if not m or line.lstrip().startswith("#"):
                continue
            path = _split_dotted(m.group(2))
            if m.group(1) == "[[":
                k = counts.get(path, -1) + 1
                counts[path] = k
                path = path + (k,)
            self.tables.append((path, n))
        self._found: dict[tuple[int, int, str], int | None] = {}  # (from line, to line, key) -> line index

    def _section(self, path: tuple) -> tuple[int, int, int]:
        """(start, end, consumed) of the longest table header matching a prefix of path."""
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
        for key in path[used:]:
            if isinstance(key, int):
                continue
            memo = (pos, end, str(key))
            if memo not in self._found:  # the cells of one inline table share their lines: each searched once
                pat = _key_pattern(str(key))
                self._found[memo] = next((n for n in range(pos, end) if pat.search(self.lines[n])), None)
            n = self._found[memo]
            if n is not None:
                pos, found = n, n + 1
        return found

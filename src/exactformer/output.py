"""Writing output files: one rule for every command's ``-o``.

- The path is checked before any work: a missing or unwritable folder, or a folder
  given as the file, is a plain error (exit 2), not a crash after seconds of work.
- A regular file is written atomically (a temporary file renamed over it), keeping
  the mode of the file it replaces; a symlink is followed and its target replaced.
- A special file (``/dev/null``, a pipe) is written through, never replaced.
- Nothing is written that was not asked for.
- Standard output is written under the same rule: a failed write (a full disk,
  ``> /dev/full``) is an OutputError (exit 2), not a crash.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
from pathlib import Path
from typing import Any, TextIO

from .errors import OutputError


def check(path: str | Path) -> Path:
    """The real path to write, or OutputError saying why it cannot be written."""
    p = Path(path)
    real = Path(os.path.realpath(p))
    if real.is_dir():
        raise OutputError(f"cannot write {path}: it is a directory", hint="give a file name, e.g. report.md")
    if real.exists():
        if not _special(real) and not os.access(real, os.W_OK):
            raise OutputError(f"cannot write {path}: permission denied")
        return real
    folder = real.parent
    if not folder.exists():
        raise OutputError(f"cannot write {path}: the folder {folder} does not exist",
                          hint=f"create it first (mkdir -p {folder})")
    if not folder.is_dir():
        raise OutputError(f"cannot write {path}: {folder} is not a folder")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise OutputError(f"cannot write {path}: the folder {folder} is not writable")
    return real


def _special(p: Path) -> bool:
    try:
        return not stat.S_ISREG(p.stat().st_mode)
    except OSError:
        return False


def write(path: str | Path, content: str | bytes) -> Path:
    """Write ``content`` to ``path`` under the rule above; returns the path written."""
    real = check(path)
    data = content.encode("utf-8") if isinstance(content, str) else content
    if real.exists() and _special(real):
        try:
            with open(real, "wb") as fh:
                fh.write(data)
        except OSError as e:
            raise OutputError(f"cannot write {path}: {e.strerror}") from None
        return real
    mode = None
    if real.exists():
        mode = stat.S_IMODE(real.stat().st_mode)
    else:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    import tempfile  # only a written file needs it (not imported for a report on standard output)

    fd, tmp = tempfile.mkstemp(dir=real.parent, prefix=".exactformer-")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, real)
    except OSError as e:
        _unlink(tmp)
        raise OutputError(f"cannot write {path}: {e.strerror}") from None
    except BaseException:
        _unlink(tmp)
        raise
    return real


def _unlink(p: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(p)


class GuardedStream:
    """A text stream (standard output) whose failed writes are OutputError; a closed pipe stays BrokenPipeError."""

    def __init__(self, stream: TextIO, name: str = "standard output") -> None:
        self._stream, self._name = stream, name

    def _failed(self, e: OSError) -> OutputError:
        return OutputError(f"cannot write to {self._name}: {e.strerror or e}")

    def write(self, s: str) -> int:
        try:
            return self._stream.write(s)
        except BrokenPipeError:
            raise
        except OSError as e:
            raise self._failed(e) from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except OSError as e:
            raise self._failed(e) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def discard_stdout() -> None:
    """After a failed write to standard output: send what is still buffered nowhere, so that leaving does not
    fail a second time."""
    with contextlib.suppress(Exception):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.__stdout__.fileno())  # type: ignore[union-attr]

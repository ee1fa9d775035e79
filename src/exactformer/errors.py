"""The project's own errors: a user's mistake carries its place and what was expected."""

from __future__ import annotations


class ExactformerError(Exception):
    """Base of every error that is a user's mistake, not a bug."""


class CaseError(ExactformerError):
    """A case file that cannot be read: names the file, line, key, expectation and finding."""

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        line: int | None = None,
        key: str | None = None,
        expected: str | None = None,
        found: str | None = None,
        hint: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.key = key
        self.expected = expected
        self.found = found
        self.hint = hint

    def __str__(self) -> str:
        where = self.file or "<case>"
        if self.line:
            where += f":{self.line}"
        parts = [f"{where}: {self.message}"]
        if self.key:
            parts.append(f"  key:      {self.key}")
        if self.expected:
            parts.append(f"  expected: {self.expected}")
        if self.found is not None:
            parts.append(f"  found:    {self.found}")
        if self.hint:
            parts.append(f"  hint:     {self.hint}")
        return "\n".join(parts)


class ParseError(ExactformerError):
    """Text that the project's own number/expression grammar cannot read."""

    def __init__(self, message: str, text: str, pos: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.text = text if len(text) <= 120 else text[:119] + "…"
        self.pos = pos

    def __str__(self) -> str:
        if self.pos is None:
            return f"{self.message}: {self.text!r}"
        return f"{self.message} at character {self.pos + 1} of {self.text!r}"


class AddressError(ExactformerError):
    """An address that names no quantity of the case."""


class NoTeXError(ExactformerError):
    """lualatex is not installed."""


class OutputError(ExactformerError):
    """An output file that cannot be written (a missing folder, no permission, a full disk)."""

    def __init__(self, message: str, hint: str | None = None) -> None:
        super().__init__(message + (f"\n  hint:     {hint}" if hint else ""))
        self.message = message


class UsageError(ExactformerError):
    """Options that do not go together (``--format json -o report.html``): shown with the command's usage."""

    def __init__(self, message: str, hint: str | None = None) -> None:
        super().__init__(message + (f"\n  hint:     {hint}" if hint else ""))
        self.message = message

"""What the reader says about a document: each note a value with a kind, so that a report picks notes by kind."""

from __future__ import annotations

import enum
from dataclasses import dataclass


class NoteKind(enum.Enum):
    READ = "read"  # how the document was read: its format, the model, what a table or line was matched to
    UNMATCHED = "unmatched"  # numbers read that fit no quantity of the model: not audited (a line: arithmetic only)
    BAD_CELL = "bad_cell"  # a table cell that is neither a number nor a vector: not read
    NOT_READ = "not_read"  # a part not read: a line of working no claim can hold, a table mixing numbers and
    # vectors, the lines past the limit
    NO_MODEL = "no_model"  # no model fits the document: only its lines of working are audited, as arithmetic

    @property
    def left_out(self) -> bool:
        """Does the audit report list a note of this kind among the numbers it leaves out?"""
        return self in (NoteKind.UNMATCHED, NoteKind.BAD_CELL, NoteKind.NO_MODEL, NoteKind.NOT_READ)


@dataclass(frozen=True)
class Note:
    text: str
    kind: NoteKind = NoteKind.READ

    def __str__(self) -> str:
        return self.text

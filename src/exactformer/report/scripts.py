"""The writing systems of a text: the language a page declares (``<html lang>``), and the characters its fonts
cannot show (warned about, as a PDF's missing glyphs are).

Languages are told apart by script alone: kana is Japanese, hangul Korean, han without kana Chinese,
anything else English. That is all a page needs to choose fonts and line breaking for CJK text.

``FONT_RANGES`` are the Unicode blocks every font of the page's font list (``html.css``: the system
sans-serif, Hiragino, Yu Gothic, Meiryo, Noto Sans CJK, IPAGothic, Apple SD Gothic Neo) covers: Latin,
Greek, Cyrillic, punctuation, arrows, mathematical operators, technical symbols and dingbats, and CJK (kana,
han, hangul, their punctuation and full-width forms). A character outside them (an emoji, a hieroglyph,
Devanagari, a private-use code) is one a reader's browser may draw as an empty box.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from .escape import safe

FONT_RANGES = (
    (0x0000, 0x036F),  # Latin, IPA, spacing modifiers, combining diacritics
    (0x0370, 0x052F),  # Greek, Cyrillic
    (0x1100, 0x11FF),  # Hangul Jamo
    (0x1E00, 0x1FFF),  # Latin Extended Additional, Greek Extended
    (0x2000, 0x23FF),  # punctuation, super- and subscripts, currency, letterlike, number forms, arrows, operators,
    # technical
    (0x2460, 0x27EF),  # enclosed alphanumerics, box drawing, shapes, symbols, dingbats, mathematical symbols A
    (0x2E80, 0x2FDF),  # CJK radicals, Kangxi radicals
    (0x3000, 0x4DBF),  # CJK symbols, kana, bopomofo, compatibility jamo, enclosed CJK, extension A
    (0x4E00, 0x9FFF),  # CJK unified ideographs
    (0xA960, 0xA97F),  # Hangul Jamo Extended-A
    (0xAC00, 0xD7FF),  # Hangul syllables, Jamo Extended-B
    (0xF900, 0xFAFF),  # CJK compatibility ideographs
    (0xFE10, 0xFE1F), (0xFE30, 0xFE6F),  # vertical, CJK compatibility and small forms
    (0xFF00, 0xFFEF),  # half-width and full-width forms
    (0xFFFD, 0xFFFD),  # the replacement character
)

_KANA = re.compile(r"[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]")
_HANGUL = re.compile(r"[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]")
_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_LANG_TAG = re.compile(r"[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*")


def language(text: str) -> str:
    """The language a text is written in, by its script: ``ja``, ``ko``, ``zh`` or ``en``."""
    kana, hangul = len(_KANA.findall(text)), len(_HANGUL.findall(text))
    if hangul > kana:
        return "ko"
    if kana:
        return "ja"
    return "zh" if _HAN.search(text) else "en"


def language_tag(value: str | None) -> str | None:
    """A document's own ``lang`` attribute, when it is a language tag (``ja``, ``en-GB``); else None."""
    value = (value or "").strip()
    return value if _LANG_TAG.fullmatch(value) else None


@cache
def _covered(code: int) -> bool:
    return any(lo <= code <= hi for lo, hi in FONT_RANGES)


def uncovered(text: str) -> list[str]:
    """The characters of ``text`` (each once, in code order) that no font of the page's font list has."""
    return sorted({ch for ch in text if not _covered(ord(ch))})


def glyph_warnings(chars: Iterable[str], missing_from: str) -> list[str]:
    """The warning for each character no font has (``missing_from``: the PDF, the page's fonts)."""
    return [f"no font has the glyph {safe(ch)} (U+{ord(ch):04X}); it is missing from {missing_from}"
            for ch in sorted(set(chars))]

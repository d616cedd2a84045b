"""Text that came from a submission or a file, made safe to print and to save.

Such text is hostile until checked: a lone surrogate makes printing raise, a carriage return
or an ANSI escape can draw a fake row on a terminal ("example1 AC 1/10"), and a 20 MB message
makes a 20 MB table row. `safe` escapes what a terminal would act on and caps the length.
"""

from __future__ import annotations

LINE_CHARS = 300  # a word, a message, a name: what one line of a report shows
BLOCK_CHARS = 16 * 1024  # a traceback, a detail, output: what a report keeps
# An error message, which names a path or a value before what is wrong with them.
MESSAGE_CHARS = 600
# A value quoted inside a message ("words[1]: 'xx...' is not lowercase letters"): short enough
# that what the message says of it stays on the line after it.
VALUE_CHARS = 60


# Bidirectional controls reorder what follows them on screen (a "Trojan Source" name reads
# as another), and the invisible marks around them: escaped like control characters.
BIDI_CONTROLS = frozenset(range(0x202A, 0x202F)) | frozenset(range(0x2066, 0x206A)) | {
    0x200E, 0x200F, 0x061C}


def _escaped(char: str, keep_newlines: bool) -> str:
    code = ord(char)
    if (char == "\n" and keep_newlines) or char == "\t":
        return char
    if (code < 0x20 or code == 0x7F or 0x80 <= code < 0xA0 or 0xD800 <= code < 0xE000
            or code in BIDI_CONTROLS):
        return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
    return char


def safe(text: object, limit: int = LINE_CHARS, keep_newlines: bool = False) -> str:
    """`text` with control characters and lone surrogates escaped, at most about `limit`
    characters long (what was cut is said at the end).

    >>> safe("ok\\x1b[2K\\rexample1 AC")
    'ok\\\\x1b[2K\\\\x0dexample1 AC'
    >>> safe("\\ud800")
    '\\\\ud800'
    >>> safe("admin\\u202efdp.py")
    'admin\\\\u202efdp.py'
    >>> safe("x" * 10, limit=4)
    'xxxx[... 6 more characters]'
    """
    text = text if isinstance(text, str) else str(text)
    cut = len(text) - limit
    text = text[:limit] if cut > 0 else text
    if not text.isprintable() or any(0xD800 <= ord(c) < 0xE000 for c in text):
        text = "".join(_escaped(c, keep_newlines) for c in text)
    return text + (f"[... {cut} more characters]" if cut > 0 else "")


def quoted(text: object, limit: int = LINE_CHARS) -> str:
    """`text` made safe, in quotes: what `repr` shows of a plain word, without doubling the
    backslash of each escape as `repr` of the safe text would.

    >>> quoted("zzz"), quoted("a\x1b[31mb")
    ("'zzz'", "'a\\\\x1b[31mb'")
    """
    return f"'{safe(text, limit)}'"


def safe_message(text: object, limit: int = MESSAGE_CHARS) -> str:
    """An error message made safe and cut to about `limit` characters in its middle: its start
    says where (a path, a case) and its end what is wrong, and a path of 100,000 characters
    would otherwise push the end off the line.

    >>> safe_message("x" * 100 + ": does not exist", limit=40)
    'xxxxxxxxxxxxxxxxxxxx[... 76 characters left out ...]xxxx: does not exist'
    """
    text = text if isinstance(text, str) else str(text)
    if len(text) <= limit:
        return safe(text, limit)
    half = limit // 2
    return (f"{safe(text[:half], half)}[... {len(text) - 2 * half} characters left out ...]"
            f"{safe(text[-half:], half)}")


def shown(value: object, limit: int = VALUE_CHARS) -> str:
    """A value read from a file, in a message about it: a string in quotes, anything else as
    Python writes it (a number, a list), made safe and cut at `limit` characters.

    >>> shown("zzz"), shown(10.0), shown("x" * 100, limit=4)
    ("'zzz'", '10.0', "'xxxx[... 96 more characters]'")
    """
    return quoted(value, limit) if isinstance(value, str) else safe(repr(value), limit)


def safe_block(text: object, limit: int = BLOCK_CHARS) -> str:
    """Several lines of hostile text: newlines and tabs kept, everything else as in `safe`."""
    return safe(text, limit, keep_newlines=True)

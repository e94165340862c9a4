"""Strict percent-decoding of URL parts.

urllib's unquote silently keeps a malformed `%zz` and replaces invalid UTF-8; a node path
decoded that way would name the wrong node. Here both are a clear `bad_encoding` error.
"""

from .errors import BridgeError

_HEX = "0123456789abcdefABCDEF"


def percent_decode(text, plus_is_space=False, what="URL"):
    if "%" not in text and not (plus_is_space and "+" in text):
        return text
    out = bytearray()
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch == "%":
            pair = text[i + 1:i + 3]
            if len(pair) != 2 or pair[0] not in _HEX or pair[1] not in _HEX:
                raise BridgeError(
                    "bad_encoding",
                    "malformed percent-encoding %r at character %d of the %s" % (text[i:i + 3], i + 1, what),
                )
            out.append(int(pair, 16))
            i += 3
            continue
        if plus_is_space and ch == "+":
            out.append(0x20)
        else:
            out.extend(ch.encode("utf-8"))
        i += 1
    try:
        return out.decode("utf-8")
    except UnicodeDecodeError:
        raise BridgeError("bad_encoding", "the %s decodes to bytes that are not UTF-8" % what)


def decode_query_string(query_string):
    """Pairs (name, value) of a query string, decoded strictly."""
    pairs = []
    if not query_string:
        return pairs
    for part in query_string.split("&"):
        if part == "":
            continue
        name, _, value = part.partition("=")
        pairs.append((
            percent_decode(name, plus_is_space=True, what="query string"),
            percent_decode(value, plus_is_space=True, what="query string"),
        ))
    return pairs

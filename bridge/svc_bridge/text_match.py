"""Text filters shared by the search routes: a glob when the pattern has * ? or [, otherwise a
case-insensitive substring. Globs are case-insensitive too (fnmatch on lower-cased text)."""

import fnmatch


def matcher(pattern):
    """A predicate over text, or None for no filter."""
    if pattern is None or pattern == "":
        return None
    lowered = pattern.lower()
    if any(ch in pattern for ch in "*?["):
        return lambda text: fnmatch.fnmatchcase(text.lower(), lowered)
    return lambda text: lowered in text.lower()


def value_text(value):
    """A parameter value as the value filter sees it: strings as they are, numbers as JSON writes them
    (1.0 as 1, as the TypeScript client prints it), booleans as true/false."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if value is None:
        return ""
    return str(value)

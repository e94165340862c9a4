"""JSON body parsing and the small field readers every route uses.

Each reader names the field in its error, so a client sees `invalid_field: 'node_x' must be a
number` rather than a Python exception.
"""

import json
import math

from . import config
from .errors import BridgeError

def _reject_constant(name):
    raise ValueError("%s is not valid JSON" % name)


def parse_json_body(raw):
    """The body as a dict; an empty body is an empty dict."""
    if not raw or not raw.strip():
        return {}
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BridgeError("invalid_json", "the body is not UTF-8")
    try:
        value = json.loads(text, parse_constant=_reject_constant, parse_float=_finite_float)
    except _OutOfRange as exc:
        raise BridgeError("number_out_of_range", str(exc))
    except RecursionError:
        raise BridgeError("too_deep", "the body is nested deeper than %d levels" % config.MAX_JSON_DEPTH)
    except ValueError as exc:
        raise BridgeError("invalid_json", "the body is not valid JSON: %s" % exc)
    _check_depth(value)
    if not isinstance(value, dict):
        raise BridgeError("invalid_body", "the body must be a JSON object, not %s" % _json_kind(value))
    return value


class _OutOfRange(Exception):
    pass


def _finite_float(text):
    value = float(text)
    if not math.isfinite(value):
        raise _OutOfRange("the number %s is too large for a 64-bit float" % text[:40])
    return value


def _check_depth(value):
    """Refuses nesting deeper than MAX_JSON_DEPTH, without recursion."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > config.MAX_JSON_DEPTH:
            raise BridgeError("too_deep", "the body is nested deeper than %d levels" % config.MAX_JSON_DEPTH)
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values() if isinstance(v, (dict, list)))
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item if isinstance(v, (dict, list)))


def _json_kind(value):
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _get(obj, key, required, where):
    """(present, value); null counts as absent."""
    if not isinstance(obj, dict):
        raise BridgeError("invalid_field", "%s must be an object" % (where or "the body"))
    if key not in obj or obj[key] is None:
        if required:
            raise BridgeError("missing_field", "'%s' is required%s" % (key, _in(where)), field=key)
        return False, None
    return True, obj[key]


def _in(where):
    return " in %s" % where if where else ""


def _bad(key, what, value, where):
    raise BridgeError("invalid_field", "'%s'%s must be %s, not %s" % (key, _in(where), what, _json_kind(value)),
                      field=key)


def get_str(obj, key, required=False, default=None, where=None, allow_empty=True):
    present, value = _get(obj, key, required, where)
    if not present:
        return default
    if not isinstance(value, str):
        _bad(key, "a string", value, where)
    if not allow_empty and value == "":
        raise BridgeError("invalid_field", "'%s'%s must not be empty" % (key, _in(where)), field=key)
    return value


def get_bool(obj, key, required=False, default=None, where=None):
    present, value = _get(obj, key, required, where)
    if not present:
        return default
    if not isinstance(value, bool):
        _bad(key, "a boolean", value, where)
    return value


def get_number(obj, key, required=False, default=None, where=None, bound=None):
    """A number; with `bound`, its absolute value is at most that (else number_out_of_range)."""
    present, value = _get(obj, key, required, where)
    if not present:
        return default
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        _bad(key, "a number", value, where)
    if bound is not None and not -bound <= value <= bound:
        raise BridgeError("number_out_of_range", "'%s'%s must be from %s to %s" % (key, _in(where), -bound, bound),
                          field=key, limit=bound)
    return value


def get_int(obj, key, required=False, default=None, where=None, minimum=None, maximum=None):
    present, value = _get(obj, key, required, where)
    if not present:
        return default
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        else:
            _bad(key, "a whole number", value, where)
    if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
        raise BridgeError("invalid_field", "'%s'%s must be from %s to %s" % (key, _in(where), minimum, maximum),
                          field=key)
    return value


def get_object(obj, key, required=False, default=None, where=None):
    present, value = _get(obj, key, required, where)
    if not present:
        return default
    if not isinstance(value, dict):
        _bad(key, "an object", value, where)
    return value


def get_list(obj, key, required=False, default=None, where=None):
    present, value = _get(obj, key, required, where)
    if not present:
        return default
    if not isinstance(value, list):
        _bad(key, "an array", value, where)
    return value


def get_str_list(obj, key, required=False, default=None, where=None):
    present, value = _get(obj, key, required, where)
    if not present:
        return default
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        _bad(key, "an array of strings", value, where)
    return value


def check_known_fields(obj, allowed, where=None):
    """Unknown fields are refused: a typo must not be silently ignored."""
    unknown = sorted(k for k in obj if k not in allowed)
    if unknown:
        raise BridgeError("invalid_field", "unknown field%s %s%s; allowed: %s"
                          % ("s" if len(unknown) > 1 else "", ", ".join("'%s'" % k for k in unknown), _in(where),
                             ", ".join(sorted(allowed))), field=unknown[0])


# Query readers: query values are strings.

def query_int(query, key, default, minimum, maximum):
    raw = query.get(key)
    if raw is None or raw == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise BridgeError("invalid_query", "query '%s' must be a whole number, not %r" % (key, raw[:50]), field=key)
    if value < minimum or value > maximum:
        raise BridgeError("invalid_query", "query '%s' must be from %d to %d" % (key, minimum, maximum), field=key)
    return value


def query_float(query, key, default, minimum, maximum):
    raw = query.get(key)
    if raw is None or raw == "":
        return default
    try:
        value = float(raw)
    except ValueError:
        raise BridgeError("invalid_query", "query '%s' must be a number, not %r" % (key, raw[:50]), field=key)
    if not (minimum <= value <= maximum):
        raise BridgeError("invalid_query", "query '%s' must be from %s to %s" % (key, minimum, maximum), field=key)
    return value


def query_bool(query, key, default=False):
    raw = query.get(key)
    if raw is None or raw == "":
        return default
    word = raw.strip().lower()
    if word in ("1", "true", "yes", "on"):
        return True
    if word in ("0", "false", "no", "off"):
        return False
    raise BridgeError("invalid_query", "query '%s' must be true or false, not %r" % (key, raw[:50]), field=key)


def query_list(query, key):
    raw = query.get(key)
    if raw is None or raw.strip() == "":
        return None
    return [part.strip() for part in raw.split(",") if part.strip()]

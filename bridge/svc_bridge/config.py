"""Settings read from the environment process at request time, and the bridge's fixed limits.

Reading os.environ on every request (not at import) lets an operator flip a switch without
reloading the bridge, and lets tests do the same.
"""

import os

TRUE_WORDS = ("1", "true", "yes", "on")

# Largest request body accepted (bytes). 8 MiB fits a large batch or DAT text with room to spare.
MAX_BODY_BYTES = 8 * 1024 * 1024

# Bounds on what a request may say (bridge/README.md "Bounds"). JSON deeper than this is refused
# before Python's recursion limit is near; names and paths longer than these are refused.
MAX_JSON_DEPTH = 64
# Operator names: TouchDesigner's own limit is not documented (UNVERIFIED); 255 keeps every name
# usable in a URL and in a file name.
MAX_NAME_LENGTH = 255
# Paths: long enough for any node TouchDesigner itself may hold (reachable through batch and search
# when its URL would be too long); the body cap bounds them anyway.
MAX_PATH_LENGTH = 1_000_000
# Node positions in the network editor, and integer parameters (32-bit in TouchDesigner, UNVERIFIED).
MAX_COORDINATE = 10_000_000
MAX_INT_PARAM = 2 ** 31 - 1
# Timeline: the playback rate (frames per second) and the largest frame or second to seek to.
MIN_RATE = 0.001
MAX_RATE = 10_000
MAX_TIME = 1e9

# Main-thread time budget per request (seconds). Bounded work (searches, scans, topology) stops
# when it is spent and reports itself incomplete; see bridge/README.md "Time budget".
DEFAULT_TIME_BUDGET_S = 0.050
MAX_TIME_BUDGET_S = 0.200

# Batch: operations per request, and how many nodes one delete may take down and still be
# restorable by a rollback within the budget of one request.
MAX_BATCH_OPERATIONS = 1000
MAX_ROLLBACK_NODES = 2000
# Batch cost (batch_cost.py units): 250 operators made or 1000 simple operations at most, so that a
# batch that fails and is rolled back holds one frame for a bounded time.
MAX_BATCH_COST = 1000

# Scans of a network (topology, errors, performance, analysis, param modes).
MAX_SCAN_NODES = 5000

# GET /api/nodes?parent=: children per reply.
LIST_DEFAULT_LIMIT = 1000
LIST_MAX_LIMIT = 10000

# Search defaults and ceilings.
SEARCH_DEFAULT_LIMIT = 100
SEARCH_MAX_LIMIT = 1000
SEARCH_DEFAULT_DEPTH = 8
SEARCH_MAX_DEPTH = 64
SEARCH_DEFAULT_SCAN = 5000
SEARCH_MAX_SCAN = 50000

# Preview: inline size advisory (spec 8).
PREVIEW_DEFAULT_SIZE = 256
PREVIEW_MAX_SIZE = 1024
# The largest image a preview encodes (pixels): 1080p and 1440p pass, 4096x4096 does not.
PREVIEW_MAX_PIXELS = 2048 * 2048

# Logs kept by the bridge, and the most a /api/logs call returns.
LOG_CAPACITY = 500
LOGS_DEFAULT_LINES = 100
LOGS_MAX_LINES = 1000

MAX_WATCHES = 64
MAX_WATCH_PARAMS = 256


def env_flag(name, environ=None):
    """True when the variable is 1, true, yes or on (any case, surrounding spaces ignored)."""
    value = (environ if environ is not None else os.environ).get(name)
    return value is not None and value.strip().lower() in TRUE_WORDS


def env_token(environ=None):
    """The bearer token, or None when unset or blank (the zero-config local flow)."""
    value = (environ if environ is not None else os.environ).get("SVC_BRIDGE_TOKEN")
    if value is None or value.strip() == "":
        return None
    return value.strip()


def lan_allowed(environ=None):
    return env_flag("SVC_BRIDGE_ALLOW_LAN", environ)


def exec_allowed(environ=None):
    return env_flag("SVC_BRIDGE_ALLOW_EXEC", environ)


def export_dir(environ=None):
    """SVC_BRIDGE_EXPORT_DIR: a folder saves may go to besides the project folder (absolute), or None."""
    value = (environ if environ is not None else os.environ).get("SVC_BRIDGE_EXPORT_DIR")
    if value is None or value.strip() == "":
        return None
    return value.strip()


def expressions_safe(environ=None):
    """SVC_BRIDGE_EXPRESSIONS=safe: expressions and DAT text only of the safe Python subset.

    Unset, blank or `open` keeps the open mode; any other value is taken as `safe` (a typo never
    opens what was meant to be closed)."""
    value = (environ if environ is not None else os.environ).get("SVC_BRIDGE_EXPRESSIONS")
    return value is not None and value.strip().lower() not in ("", "open")


def scan_nodes_cap(environ=None):
    """SVC_BRIDGE_MAX_SCAN_NODES: the most nodes one scan request lists (1..MAX_SCAN_NODES), lower than
    the default to keep each request of a large network short on a slow machine; callers that page
    read the rest on later pages. Unset, blank or not a whole number in range: MAX_SCAN_NODES."""
    value = (environ if environ is not None else os.environ).get("SVC_BRIDGE_MAX_SCAN_NODES")
    try:
        cap = int(value.strip()) if value is not None else MAX_SCAN_NODES
    except ValueError:
        return MAX_SCAN_NODES
    return cap if 1 <= cap <= MAX_SCAN_NODES else MAX_SCAN_NODES

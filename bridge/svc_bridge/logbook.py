"""The bridge's own recent log lines (a bounded ring), read by GET /api/logs."""

import collections
import time

from . import config

SEVERITIES = ("info", "warning", "error")

_lines = collections.deque(maxlen=config.LOG_CAPACITY)


def log(severity, message, **fields):
    if severity not in SEVERITIES:
        severity = "info"
    entry = {"time": round(time.time(), 3), "severity": severity, "source": "bridge", "message": message}
    entry.update(fields)
    _lines.append(entry)


def recent():
    return list(_lines)


def clear():
    _lines.clear()

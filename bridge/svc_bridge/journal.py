"""Rollback journal: every mutation records how to undo itself, so a failed request puts the
project back exactly as it was (batch atomicity, and the same guarantee for single routes).

The journal is separate from TouchDesigner's own undo: the undo block gives the artist one
Ctrl+Z per request, the journal gives the bridge a way back when a request fails halfway.
"""

from . import owned
from .errors import BridgeError


class Journal:
    def __init__(self):
        self._undo = []

    def record(self, description, undo):
        """undo() reverses one mutation that has just succeeded."""
        self._undo.append((description, undo))

    def __len__(self):
        return len(self._undo)

    def rollback(self):
        """Runs every undo in reverse order; returns the failures (empty when all went back)."""
        failures = []
        while self._undo:
            description, undo = self._undo.pop()
            try:
                undo()
            except Exception as exc:  # keep going: restore as much as possible
                failures.append("%s: %s: %s" % (description, type(exc).__name__, exc))
        return failures

    def commit(self):
        self._undo = []


def run_atomically(journal, work):
    """Runs work(journal); on any failure rolls back, then re-raises (or reports a failed rollback)."""
    try:
        result = work(journal)
        owned.verify()  # the bridge's own operators unchanged, or everything goes back
        return result
    except BaseException as exc:
        failures = journal.rollback()
        if failures:
            raise BridgeError("rollback_failed",
                              "the request failed (%s) and %d step(s) could not be undone"
                              % (_describe(exc), len(failures)),
                              cause=_cause(exc), rollback_errors=failures[:20])
        raise


def _describe(exc):
    if isinstance(exc, BridgeError):
        return "%s: %s" % (exc.code, exc.message)
    return "%s: %s" % (type(exc).__name__, exc)


def _cause(exc):
    if isinstance(exc, BridgeError):
        return exc.to_error()
    return {"code": "internal_error", "message": "%s: %s" % (type(exc).__name__, exc)}

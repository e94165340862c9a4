"""The conformance suite's checks and their outcomes (spec 9.5's evidence labels).

A check is one thing svc relies on, tested inside the running TouchDesigner (or tdsim): it makes
what it needs in the run's scratch COMP, acts (mostly through the bridge's own routes), reads back
through TouchDesigner's Python API, and ends PASS (with what it read), FAIL (with what it expected
and what it read) or UNVERIFIED (with why it could not tell). A check that raises ends FAIL with the
exception: the suite never stops on one check.
"""

PASS = "PASS"
FAIL = "FAIL"
UNVERIFIED = "UNVERIFIED"


class Outcome(Exception):
    """Raised (or returned) by a check to end it."""

    def __init__(self, status, evidence=None, expected=None, read=None, why=None):
        super().__init__(status)
        self.status = status
        self.evidence = evidence
        self.expected = expected
        self.read = read
        self.why = why

    def as_dict(self):
        out = {"status": self.status}
        if self.evidence is not None:
            out["evidence"] = _plain(self.evidence)
        if self.status == FAIL:
            out["expected"] = _plain(self.expected)
            out["read"] = _plain(self.read)
        if self.why is not None:
            out["why"] = str(self.why)
        return out


def passed(evidence=None):
    return Outcome(PASS, evidence=evidence)


def unverified(why):
    return Outcome(UNVERIFIED, why=why)


def expect(expected, read, what=None):
    """Ends the check FAIL unless `read == expected`; `what` names what was compared."""
    if read != expected:
        raise Outcome(FAIL, expected=expected, read=read, why=what)
    return read


def require(condition, expected, read, what=None):
    if not condition:
        raise Outcome(FAIL, expected=expected, read=read, why=what)


def _plain(value, depth=0):
    """JSON-safe and short: a report is read by people and attached to issues."""
    if depth > 4:
        return repr(value)[:200]
    if value is None or isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, str):
        return value if len(value) <= 400 else value[:400] + "..."
    if isinstance(value, (list, tuple)):
        return [_plain(v, depth + 1) for v in list(value)[:40]]
    if isinstance(value, dict):
        return {str(k): _plain(v, depth + 1) for k, v in list(value.items())[:40]}
    return repr(value)[:200]


class Check:
    """One check: `run(ctx)` gets the run's context (scratch COMP, client, state)."""

    __slots__ = ("id", "area", "title", "fn", "needs_exec")

    def __init__(self, id, area, title, fn, needs_exec=False):
        self.id = id
        self.area = area
        self.title = title
        self.fn = fn
        self.needs_exec = needs_exec

    def run(self, ctx):
        from .. import config
        if self.needs_exec and not config.exec_allowed():
            return unverified("needs exec (SVC_BRIDGE_ALLOW_EXEC), which is closed on this bridge: skipped").as_dict()
        try:
            result = self.fn(ctx)
        except Outcome as outcome:
            result = outcome
        except Exception as exc:  # the environment surprised the check: that is a finding
            result = Outcome(FAIL, expected="no exception", read="%s: %s" % (type(exc).__name__, exc))
        if result is None:
            result = passed()
        if not isinstance(result, Outcome):
            result = passed(result)
        return result.as_dict()


class Area:
    """The checks of one module: `@area.check(id, title)` or `area.add(id, title, fn)`."""

    def __init__(self, name):
        self.name = name
        self.items = []

    def add(self, id, title, fn, needs_exec=False, fresh_step=False):
        if fresh_step:
            fn.fresh_step = True
        self.items.append(Check("%s.%s" % (self.name, id), self.name, title, fn, needs_exec))

    def check(self, id, title, needs_exec=False, fresh_step=False):
        def register(fn):
            self.add(id, title, fn, needs_exec, fresh_step)
            return fn
        return register

    def checks(self):
        return list(self.items)

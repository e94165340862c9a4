"""The cook model: which errors and warnings an operator shows, and cook bookkeeping.

Errors (recomputed when errors() is asked after anything in the network changed or a frame
passed, so they clear as soon as the cause is fixed; kept otherwise, derived.py):
- a filter with fewer wired inputs than the catalog's `inputs.min` (only when the kb knows the
  minimum): "Not enough sources specified." (UNVERIFIED wording; TouchDesigner shows a
  missing-input error on such nodes);
- a parameter in expression or bind mode whose Python fails: "<par>: <ExceptionType>: <message>";
- an operator-reference parameter (TOP, CHOP, ..., OP style) naming an operator that does not
  exist, or one of the wrong family;
- errors added by scripts with addError()/addScriptError();
- what a family adds (a GLSL TOP whose pixel shader does not compile: families/top/glsltop.py; a
  CHOP that needs its own channels: families/chop/chop.py).
A bypassed operator does not cook, so it shows none of the rule errors (UNVERIFIED).
Warnings: a parameter in export mode (tdsim does not emulate CHOP exports; the constant value
is used), warnings added with addWarning(), and what a family adds (a GLSL TOP where tdsim cannot
run shaders, no OpenGL).
errors()/warnings() return one line per message, "<message> (<operator path>)" (UNVERIFIED
format), joined by newlines; recurse=True adds every operator inside a COMP.
"""
from __future__ import annotations

import time

from ..values import styles
from ..values.errors import tdError
from ..values.modes import ParMode
from ..values.naming import match
from ..values.opbase import OPBase


class CookMixin:
    def _init_cook(self):
        self._script_errors: list[str] = []
        self._script_warnings: list[str] = []
        # addError/addWarning messages of the last cook (OP Class: "only valid if added while
        # the operator is cooking"); a new cook starts them afresh (UNVERIFIED).
        self._cook_added: tuple[list[str], list[str]] = ([], [])
        self._cooking = False
        self._cook_count = 0
        self._cook_frame = -1
        self._cook_ms = 0.0

    # ---- rules ------------------------------------------------------------------------------
    def _rule_errors(self):
        """The rule errors, kept for the rest of the frame until anything changes (derived.py):
        TouchDesigner finds an operator's errors when it cooks, at most once a frame, so a walk
        that asks every operator (the event sweep, errors routes) does not evaluate every
        expression of the project again."""
        derived = self._world.derived
        known = derived.get(self, "rule_errors")
        if known is not None:
            return list(known)
        out = self._compute_rule_errors()
        derived.put(self, "rule_errors", tuple(out))
        return out

    def _compute_rule_errors(self):
        out = []
        spec = self._spec
        if self._flags["bypass"]:
            return out
        if spec is not None and not self.isCOMP and spec.inputs_min:
            wired = sum(1 for i in range(spec.inputs_min)
                        if i < len(self._inputs) and self._inputs[i] is not None)
            if wired < spec.inputs_min:
                out.append("Not enough sources specified.")
        for p in list(self._pars.values()):
            message = self._par_error(p)
            if message:
                out.append(message)
        return out

    def _par_error(self, p):
        if p._mode in (ParMode.EXPRESSION, ParMode.BIND):
            try:
                p._evaluate()
            except Exception:
                return p._error
        if p.style in styles.OP_STYLES:
            return self._reference_error(p)
        return None

    def _reference_error(self, p):
        try:
            value = p._raw_eval()
        except Exception:
            return p._error
        if isinstance(value, OPBase) or value is None:
            return None
        text = str(value).strip()
        if not text:
            return None
        found = p._resolve_ops(text, single=False)
        if not found:
            return f"{p.name}: cannot find operator '{text}'"
        family = styles.OP_STYLES[p.style]
        wrong = [o for o in found if family is not None and o.family != family]
        if wrong:
            return f"{p.name}: '{wrong[0].path}' is not a {family}"
        return None

    def _rule_warnings(self):
        return [f"{p.name}: export mode is not emulated by tdsim; the constant value is used"
                for p in self._pars.values() if p._mode == ParMode.EXPORT]

    def _collect(self, recurse, own):
        lines = [f"{m} ({self.path})" for m in own(self)]
        if recurse:
            for child in self.children:
                text = child._collect(True, own)
                if text:
                    lines.append(text)
        return "\n".join(lines)

    # ---- td members -------------------------------------------------------------------------
    def errors(self, recurse=False):
        return self._collect(recurse, lambda o: o._rule_errors() + o._cook_added[0] + o._script_errors)

    def warnings(self, recurse=False):
        return self._collect(recurse, lambda o: o._rule_warnings() + o._cook_added[1] + o._script_warnings)

    def scriptErrors(self, recurse=False):
        return self._collect(recurse, lambda o: list(o._script_errors))

    def _while_cooking(self, member):
        if not self._cooking:
            raise tdError(f"{member}() is only valid while {self.path} is cooking")

    def addError(self, msg):
        self._while_cooking("addError")
        self._cook_added[0].append(str(msg))

    def addScriptError(self, msg):
        self._script_errors.append(str(msg))

    def addWarning(self, msg):
        self._while_cooking("addWarning")
        self._cook_added[1].append(str(msg))

    def clearScriptErrors(self, recurse=False, error="*"):
        self._script_errors = [e for e in self._script_errors if not match(error, e)]
        if recurse:
            for child in self.children:
                child.clearScriptErrors(True, error)

    def cook(self, force=False, recurse=False, includeUtility=False):
        self._cook_now()
        if recurse:
            for child in self.children:
                child.cook(force=force, recurse=True)

    def _cook_now(self):
        """Evaluate the live (expression/bind) parameters, keeping their errors for the model."""
        start = time.perf_counter()
        self._cook_added = ([], [])
        self._cooking = True
        try:
            for p in list(self._pars.values()):
                if p._mode in (ParMode.EXPRESSION, ParMode.BIND):
                    try:
                        p._evaluate()
                    except Exception:
                        pass
        finally:
            self._cooking = False
        self._cook_count += 1
        self._cook_frame = self._world.loop.frame
        self._cook_ms = (time.perf_counter() - start) * 1000.0

    cookTime = property(lambda self: self._cook_ms)
    cpuCookTime = property(lambda self: self._cook_ms)
    gpuCookTime = property(lambda self: 0.0)
    totalCooks = property(lambda self: self._cook_count)
    cookFrame = property(lambda self: float(self._cook_frame))
    cookAbsFrame = property(lambda self: float(self._cook_frame))
    cookedThisFrame = property(lambda self: self._cook_frame == self._world.loop.frame)
    cookedPreviousFrame = property(lambda self: self._cook_frame == self._world.loop.frame - 1)
    cpuMemory = property(lambda self: 0)
    gpuMemory = property(lambda self: 0)

    @property
    def childrenCookTime(self):
        return sum(c._cook_ms + c.childrenCookTime for c in self.children)

    childrenCPUCookTime = childrenCookTime


def cook_frame(w):
    """Per-frame cook: every operator with a live parameter re-evaluates it (time-dependent
    expressions change every frame). Operators inside a COMP whose cooking flag is off are
    skipped."""
    owners = {}
    for p in list(w.live_pars):
        owner = p._owner
        if owner._valid:
            owners[id(owner)] = owner
    for owner in owners.values():
        node, allowed = owner._parent, True
        while node is not None:
            if not node._flags["allowCooking"]:
                allowed = False
                break
            node = node._parent
        if allowed:
            owner._cook_now()

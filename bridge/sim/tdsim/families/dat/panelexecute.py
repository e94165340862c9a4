"""The Panel Execute DAT, run from the frame loop with the rest of the Execute family.

Panel Execute DAT page: it watches the panel values named by `panelvalue` of the components in
`panels`; `offtoon` -> onOffToOn(panelValue) at the first "on" frame, `whileon` -> whileOn(panelValue)
each frame it is on, `ontooff` -> onOnToOff(panelValue), `whileoff` -> whileOff(panelValue),
`valuechange` -> onValueChange(panelValue, prev). "On" is greater than zero. "Each event will only
cause one trigger to go off (i.e. if both Off to On and On Value Change are checked, one event will be
fired with Off to On as the trigger)": tdsim fires at most one callback per panel value per frame,
in the order off-to-on, on-to-off, value change, while on, while off (UNVERIFIED beyond the page's
example). `panelvalue` takes names or patterns separated by spaces (UNVERIFIED; empty means none,
since the page names a value to monitor). As for the other Execute DATs, nothing fires the first
frame a value is seen, and a callback that raises prints its traceback.
"""
from __future__ import annotations

from ...values import naming
from . import executecalls as calls
from ..comp.panels import PanelValue, read, value_names


def _is_on(value) -> bool:
    try:
        return float(value) > 0
    except (TypeError, ValueError):
        return False


def _trigger(dat, was, now, changed):
    """The one callback (name, with prev?) this frame's change fires, or None."""
    on, was_on = _is_on(now), _is_on(was)
    if on and not was_on and calls.flag(dat, "offtoon"):
        return "onOffToOn", False
    if was_on and not on and calls.flag(dat, "ontooff"):
        return "onOnToOff", False
    if changed and calls.flag(dat, "valuechange"):
        return "onValueChange", True
    if on and calls.flag(dat, "whileon"):
        return "whileOn", False
    if not on and calls.flag(dat, "whileoff"):
        return "whileOff", False
    return None


def panel_execute(dat):
    seen = {}
    before = getattr(dat, "_exec_panel", {})
    par = dat._pars.get("panelvalue")
    patterns = naming.split_patterns([str(par.eval())]) if par is not None else []
    for comp in calls.watched(dat, "panels"):
        if not getattr(comp, "isPanel", False):
            continue
        for name in value_names(comp):
            if not any(naming.match(p, name) for p in patterns):
                continue
            now = read(comp, name)
            key = (comp._id, name)
            seen[key] = now
            if key not in before:
                continue
            was = before[key]
            fired = _trigger(dat, was, now, now != was)
            if fired is None:
                continue
            callback, with_prev = fired
            handle = PanelValue(comp, name)
            calls.call(dat, callback, *((handle, was) if with_prev else (handle,)))
    dat._exec_panel = seen

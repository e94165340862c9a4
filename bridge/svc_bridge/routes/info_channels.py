"""GET /api/nodes/{path}/info_chop: the channels an Info CHOP pointed at the operator shows, read
without making one (a read must not change the project).

The Info CHOP page (docs.derivative.ca/Info_CHOP) names its channels and says they "are also
expressed as python members of those operators": the common operator channels (total_cooks,
cook_time, cook_frame, cook_abs_frame, cook_start_time, cook_end_time, cooked_this_frame, warnings,
errors) and, for a CHOP, start, length, sample_rate, num_channels and time_slice. Each value comes
from its member (OP class, CHOP class); a member this build does not have leaves its channel out.
Nothing is cooked first (as with the Info CHOP's Passive on).
"""

from ..live import require_op

_OPERATOR = (("total_cooks", "totalCooks"), ("cook_time", "cookTime"), ("cook_frame", "cookFrame"),
             ("cook_abs_frame", "cookAbsFrame"), ("cook_start_time", "cookStartTime"),
             ("cook_end_time", "cookEndTime"), ("cooked_this_frame", "cookedThisFrame"))
_CHOP = (("start", "start"), ("length", "numSamples"), ("sample_rate", "rate"), ("num_channels", "numChans"),
         ("time_slice", "isTimeSlice"))


def _lines(text):
    return len([line for line in str(text or "").splitlines() if line.strip()])


def info_chop(ctx):
    node = require_op(ctx.params["path"])
    channels = {}
    for name, member in (_CHOP if str(node.family) == "CHOP" else ()) + _OPERATOR:
        value = getattr(node, member, None)
        if isinstance(value, (bool, int, float)):
            channels[name] = float(value)
    channels["warnings"] = float(_lines(node.warnings()))
    channels["errors"] = float(_lines(node.errors()))
    return {"path": node.path, "channels": channels}


def register(router):
    router.add("GET", "/api/nodes/{path:path}/info_chop", info_chop)

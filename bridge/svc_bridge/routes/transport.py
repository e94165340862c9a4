"""POST /api/transport: the root timeline.

Actions: play, pause, seek (frame or seconds), cue (seek and pause; default the start
frame), rate (frames per second).
"""

import math

import td

from .. import config
from ..body import check_known_fields, get_number, get_str
from ..errors import BridgeError

ACTIONS = ("play", "pause", "seek", "cue", "rate")


def _state(time):
    return {"playing": bool(time.play), "frame": time.frame, "seconds": time.seconds, "rate": time.rate,
            "start": time.start, "end": time.end}


def transport(ctx):
    body = ctx.body
    check_known_fields(body, ("action", "frame", "seconds", "rate"))
    action = get_str(body, "action", required=True)
    if action not in ACTIONS:
        raise BridgeError("invalid_field", "'action' must be one of %s" % ", ".join(ACTIONS), field="action")
    frame, seconds, rate = get_number(body, "frame"), get_number(body, "seconds"), get_number(body, "rate")
    for key, value in (("frame", frame), ("seconds", seconds), ("rate", rate)):
        if value is not None and (not math.isfinite(value) or value < 0):
            raise BridgeError("invalid_field", "'%s' must be a number of 0 or more" % key, field=key)
        if value is not None and value > (config.MAX_RATE if key == "rate" else config.MAX_TIME):
            raise BridgeError("number_out_of_range", "'%s' is at most %s" % (
                key, config.MAX_RATE if key == "rate" else config.MAX_TIME), field=key)
    if rate is not None and 0 < rate < config.MIN_RATE:
        raise BridgeError("number_out_of_range", "'rate' is at least %s frames per second" % config.MIN_RATE,
                          field="rate")
    if action in ("seek", "cue") and frame is not None and seconds is not None:
        raise BridgeError("invalid_field", "give 'frame' or 'seconds', not both", field="frame")
    if action == "seek" and frame is None and seconds is None:
        raise BridgeError("missing_field", "seek needs 'frame' or 'seconds'", field="frame")
    if action == "rate" and (rate is None or rate <= 0):
        raise BridgeError("missing_field", "rate needs 'rate' above 0", field="rate")
    time = td.root.time
    if action == "play":
        time.play = True
    elif action == "pause":
        time.play = False
    elif action in ("seek", "cue"):
        if action == "cue":
            time.play = False
        if seconds is not None:
            time.seconds = seconds
        else:
            time.frame = frame if frame is not None else time.start
    else:
        time.rate = rate
    return _state(time)


def register(router):
    router.add("POST", "/api/transport", transport)

"""Frame timing of the suite's own requests: a step starts no check once its budget is spent, a
request runs within one frame, and TouchDesigner moves on between requests (absTime.frame,
project.cookRate). The report gives each step's time; no check passes or fails on the machine's speed."""

import td

from .registry import Area, expect, passed, require

area = Area("timing")
checks = area.checks

@area.check("cook_rate", "project.cookRate is a positive number")
def _rate(ctx):
    rate = float(td.project.cookRate)
    require(rate > 0, "> 0", rate)
    return passed({"cookRate": rate})


@area.check("frames_advance", "absTime.frame moved on between the run's requests", fresh_step=True)
def _frames(ctx):
    frames = [s["frame"] for s in ctx.run.steps] + [float(td.absTime.frame)]
    require(len(frames) >= 2, "two requests or more", frames)
    require(frames[-1] > frames[0], "a later frame", frames)
    return passed({"first": frames[0], "now": frames[-1], "requests": len(frames)})


@area.check("steps_stop_at_budget", "no step of the run started a check after its time budget was spent")
def _steps(ctx):
    over = [s for s in ctx.run.steps if s["checks"] > 1 and s["before_last_ms"] >= s["budget_ms"]]
    expect([], over, "steps that went on after their budget")
    return passed({"max_step_ms": max(s["ms"] for s in ctx.run.steps), "steps": len(ctx.run.steps)})


@area.check("request_within_one_frame", "a request runs between two frames: absTime.frame is the same after it")
def _one_frame(ctx):
    before = float(td.absTime.frame)
    ctx.client.ok("POST", "/api/batch", {"operations": [
        {"action": "create", "parent_path": ctx.path, "type": "noiseTOP", "name": ctx.name("f")}]})
    expect(before, float(td.absTime.frame))


@area.check("health_frame", "GET /api/health's frame is absTime.frame")
def _health(ctx):
    data = ctx.client.ok("GET", "/api/health")
    expect(float(td.absTime.frame), float(data["frame"]))

"""The frame loop: one main thread that does all the work, 60 frames a second.

Each frame runs, in order: work posted by other threads (the host's HTTP/WebSocket callbacks),
due td.run() jobs, then the cook (the time-sliced CHOPs, which keep state between frames, then
every live expression/bind parameter is re-evaluated). As in
TouchDesigner nothing else touches the network, so a callback that takes longer than a frame
delays the next frame: those frames are dropped, counted, and absTime and playing timelines
jump over them (real-time playback). Dropped frames of a frame that took d seconds:
ceil(d / period) - 1. At the end of each frame the timelines move on (timeline.py); absTime does
too unless the root timeline is paused (documented for absolute time).
"""
from __future__ import annotations

import collections
import concurrent.futures
import math
import sys
import threading
import time
import traceback

from ..families.chop.chopcook import cook_all as cook_chops
from ..families.comp.timeline import advance_timelines
from ..families.dat import executedats
from ..families.dat.webservers import sync
from ..op.cook import cook_frame
from .gcpacing import FrameGC

FPS = 60


class Run:
    """td.Run (Run Class): a pending run() job. `origin` is the DAT or Cell a DAT.run() or
    Cell.run() came from (its `source`), None for td.run()'s string or callable."""

    def __init__(self, loop, source, args, me, due_frame, group, origin=None):
        self._loop = loop
        self._source = source
        self._origin = origin
        self._args = args
        self._me = me
        self._due = due_frame
        self.group = group
        self.active = True  # Run Class: "Get or set whether or not this script will execute"
        self._killed = False

    source = property(lambda self: self._origin if self._origin is not None else self._source)
    isString = property(lambda self: self._origin is None and isinstance(self._source, str))
    isDAT = property(lambda self: getattr(self._origin, "family", None) == "DAT")
    isCell = property(lambda self: type(self._origin).__name__ == "Cell")
    path = property(lambda self: self._me)

    @property
    def remainingFrames(self):
        return max(0, self._due - self._loop.frame)

    @remainingFrames.setter
    def remainingFrames(self, frames):
        self._due = self._loop.frame + max(0, int(frames))

    @property
    def remainingMilliseconds(self):
        return int(max(0, self._due - self._loop.frame) * 1000 / FPS)

    @remainingMilliseconds.setter
    def remainingMilliseconds(self, ms):
        self._due = self._loop.frame + max(0, math.ceil(float(ms) / 1000 * FPS))

    def kill(self):
        self._killed = True
        self.active = False

    def _execute(self):
        w = self._loop._world
        run_it = self.active and not self._killed
        self.active = False
        if not run_it:
            return
        try:
            if callable(self._source):
                with w.as_me(self._me):
                    self._source(*self._args)
            else:
                w.expressions.run_script(str(self._source), self._me, self._args)
        except Exception:
            # TouchDesigner prints script errors to the textport and keeps running.
            traceback.print_exc(file=sys.stderr)


class FrameLoop:
    def __init__(self, world, clock=time.perf_counter, sleep=time.sleep):
        self._world = world
        self._clock = clock
        self._sleep = sleep
        self.fps = FPS
        self.period = 1.0 / FPS
        self.frame = 1       # frames the loop has run (run() delays, cook frames, statistics)
        self.abs_frame = 1   # absTime.frame: stands still while the root timeline is paused
        self._posted: collections.deque = collections.deque()
        self._runs: list[Run] = []
        self._stop = threading.Event()
        self._gc = FrameGC(clock)
        self.reset_stats()

    # ---- absTime ----------------------------------------------------------------------------
    @property
    def seconds(self):
        # Documented for absolute time: frame 1 is 0 seconds.
        return (self.abs_frame - 1) / FPS

    # ---- work from elsewhere ------------------------------------------------------------------
    def post(self, fn) -> concurrent.futures.Future:
        """Queue fn to run on the main thread at the next frame; the Future gets its result."""
        future: concurrent.futures.Future = concurrent.futures.Future()
        self._posted.append((fn, future))
        return future

    def schedule(self, source, args=(), me=None, delay_frames=0, delay_ms=0, group=None, origin=None) -> Run:
        frames = max(int(delay_frames or 0), math.ceil((delay_ms or 0) / 1000 * FPS))
        run = Run(self, source, tuple(args), me, self.frame + frames, group, origin)
        self._runs.append(run)
        return run

    @property
    def runs(self):
        return [r for r in self._runs if r.active]

    # ---- one frame --------------------------------------------------------------------------
    def step(self) -> float:
        start = self._clock()
        executedats.frame_start(self._world)
        for _ in range(len(self._posted)):
            fn, future = self._posted.popleft()
            if future.set_running_or_notify_cancel():
                try:
                    future.set_result(fn())
                except BaseException as exc:  # delivered to the waiting thread
                    future.set_exception(exc)
        due = [r for r in self._runs if r._due <= self.frame]
        self._runs = [r for r in self._runs if r._due > self.frame]
        for run in due:
            run._execute()
        cook_chops(self._world)  # time-sliced CHOPs move on first, so expressions read this frame's
        cook_frame(self._world)
        executedats.frame_end(self._world)
        self._world.pulsed.clear()
        sync(self._world)
        elapsed = self._clock() - start
        self._account(elapsed)
        return elapsed

    def _account(self, elapsed):
        slots = max(1, math.ceil(elapsed / self.period - 1e-9))
        dropped = slots - 1
        ms = elapsed * 1000.0
        s = self._stats
        s["frames"] += 1
        s["droppedFrames"] += dropped
        s["lastFrameMs"] = ms
        s["maxFrameMs"] = max(s["maxFrameMs"], ms)
        s["totalFrameMs"] += ms
        if dropped:
            s["slowFrames"] += 1
        self._recent.append(round(ms, 3))
        self.frame += 1 + dropped
        if advance_timelines(self._world, 1 + dropped, FPS):
            self.abs_frame += 1 + dropped
        return dropped

    # ---- running ------------------------------------------------------------------------------
    def run_forever(self):
        self._stop.clear()
        self._gc.start()
        try:
            self._run_frames()
        finally:
            self._gc.stop()

    def _run_frames(self):
        next_start = self._clock()
        while not self._stop.is_set():
            elapsed = self.step()
            # tdsim's own garbage, collected outside the frame's measured work (gcpacing.py)
            self._gc.between_frames()
            slots = max(1, math.ceil(elapsed / self.period - 1e-9))
            next_start += slots * self.period
            wait = next_start - self._clock()
            if wait > 0:
                self._stop.wait(wait)
            else:
                next_start = self._clock()

    def stop(self):
        self._stop.set()

    # ---- statistics -------------------------------------------------------------------------
    def reset_stats(self):
        self._stats = {"frames": 0, "droppedFrames": 0, "slowFrames": 0, "lastFrameMs": 0.0,
                       "maxFrameMs": 0.0, "totalFrameMs": 0.0, "requests": 0,
                       "requestMsTotal": 0.0, "requestMsMax": 0.0}
        self._recent: collections.deque = collections.deque(maxlen=600)
        self._gc.reset_stats()

    def record_request(self, ms):
        s = self._stats
        s["requests"] += 1
        s["requestMsTotal"] += ms
        s["requestMsMax"] = max(s["requestMsMax"], ms)

    def stats(self) -> dict:
        s = dict(self._stats)
        s["fps"] = FPS
        s["frame"] = self.frame
        s["avgFrameMs"] = s["totalFrameMs"] / s["frames"] if s["frames"] else 0.0
        s["recentFrameMs"] = list(self._recent)
        s["gcMs"] = round(self._gc.total_ms, 3)
        s["gcMaxMs"] = round(self._gc.max_ms, 3)
        return s

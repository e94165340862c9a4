"""tdsim's own garbage collection, done between frames instead of inside them.

tdsim keeps every emulated operator, parameter, group and page as Python objects; TouchDesigner
keeps them in C++, out of sight of its Python's cyclic collector. A 200-node network is about
40,000 such objects, and CPython collects whenever allocations pass a threshold: a full
collection (20 ms and more, growing with the network) then lands inside whichever request or
cook happened to allocate last, and the frame is counted as slow although neither the bridge nor
the cook did that work. So the host's frame loop:

- freezes what exists once the host has started (modules, the operator catalog, the default
  project): it lives as long as the process and need not be scanned again (`gc.freeze`);
- turns automatic collection off and, after each frame, collects the generations CPython would
  have collected by then, by CPython's own rules (its thresholds, and a full collection only once
  the objects promoted since the last one reach a quarter of those that survived it);
- reports the time spent as `gcMs` / `gcMaxMs` in the frame statistics, apart from frame times.

The collections still take the main thread: one longer than the rest of a frame period delays
the next frame's start (a late start, not counted as a dropped frame; `gcMaxMs` shows it).
Tests that drive tdsim in-process (`tdsim.step`) keep Python's automatic collection.
"""
from __future__ import annotations

import gc
import time


class FrameGC:
    """Python's collection policy, run at a point the frame loop chooses."""

    def __init__(self, clock=time.perf_counter):
        self._clock = clock
        self.active = False
        self._long_lived = 0   # objects in the oldest generation after the last full collection
        self._pending = 0      # at most this many promoted to it since (gen 1's size before each gen-1 collection)
        self.total_ms = 0.0
        self.max_ms = 0.0

    def start(self):
        """Freezes the heap as it is and takes collection over from the allocator."""
        gc.collect()
        gc.freeze()
        gc.disable()
        self._long_lived = 0
        self._pending = 0
        self.active = True

    def stop(self):
        """Gives collection back to the allocator (a loop stopped in a test process)."""
        if self.active:
            self.active = False
            gc.unfreeze()
            gc.enable()

    def _due(self):
        """The generation CPython would collect now, or None (gcmodule.c: collect_generations)."""
        counts = gc.get_count()
        thresholds = gc.get_threshold()
        if thresholds[0] == 0:
            return None  # collection switched off by the project itself
        for gen in (2, 1, 0):
            if counts[gen] > thresholds[gen]:
                # A full collection waits until enough has been promoted: without this rule,
                # collecting a large heap over and over made building it quadratic.
                if gen == 2 and self._pending < self._long_lived // 4:
                    continue
                return gen
        return None

    def between_frames(self):
        """Collects what is due; returns the milliseconds it took."""
        if not self.active:
            return 0.0
        gen = self._due()
        if gen is None:
            return 0.0
        start = self._clock()
        if gen == 1:
            self._pending += len(gc.get_objects(1))
        gc.collect(gen)
        if gen == 2:
            self._long_lived = len(gc.get_objects(2))
            self._pending = 0
        ms = (self._clock() - start) * 1000.0
        self.total_ms += ms
        self.max_ms = max(self.max_ms, ms)
        return ms

    def reset_stats(self):
        self.total_ms = 0.0
        self.max_ms = 0.0

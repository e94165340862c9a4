"""Shared setup for tdsim tests: import paths and a fresh emulated project per test."""

import os
import sys
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
SIM = os.path.join(ROOT, "bridge", "sim")
if SIM not in sys.path:
    sys.path.insert(0, SIM)

import td  # noqa: E402
import tdsim  # noqa: E402
from tdsim.process.frameloop import FrameLoop  # noqa: E402


class SimTestCase(unittest.TestCase):
    def setUp(self):
        self.world = tdsim.reset()
        self.project = td.op("/project1")

    def create(self, op_type, name=None, parent=None):
        return (parent or self.project).create(op_type, name)


class SteadySimTestCase(SimTestCase):
    """A fresh project whose frame loop runs on a clock that only moves when told: every
    tdsim.step() is exactly one frame however long the machine takes (the real clock drops the
    frames a slow machine misses, and time-sliced CHOPs count them)."""

    def setUp(self):
        super().setUp()
        self.world.loop = FrameLoop(self.world, clock=lambda: 0.0, sleep=lambda s: None)

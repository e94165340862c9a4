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


class SimTestCase(unittest.TestCase):
    def setUp(self):
        self.world = tdsim.reset()
        self.project = td.op("/project1")

    def create(self, op_type, name=None, parent=None):
        return (parent or self.project).create(op_type, name)

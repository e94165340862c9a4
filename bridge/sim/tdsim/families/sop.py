"""Family classes without behaviour of their own in tdsim: SOP, POP, MAT (and CHOP, re-exported
from chop.py, which computes channels).

tdsim does not compute geometry, points or materials; these operators exist with their
parameters, flags, wires and errors only.
"""
from .chop.chop import CHOP
from ..op.op import OP

__all__ = ["CHOP", "SOP", "POP", "MAT"]


class SOP(OP):
    family = "SOP"


class POP(OP):
    family = "POP"


class MAT(OP):
    family = "MAT"

"""Family classes without behaviour of their own in tdsim: CHOP, SOP, POP, MAT.

tdsim does not compute channels, geometry, points or materials; these operators exist with
their parameters, flags, wires and errors only.
"""
from .op import OP


class CHOP(OP):
    family = "CHOP"


class SOP(OP):
    family = "SOP"


class POP(OP):
    family = "POP"


class MAT(OP):
    family = "MAT"

"""POP: point operators (td.POP). tdsim does not compute points: a POP exists with its
parameters, flags, wires and errors only."""
from ..op.op import OP


class POP(OP):
    family = "POP"

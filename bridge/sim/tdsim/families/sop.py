"""SOP: geometry operators (td.SOP). tdsim does not compute geometry: a SOP exists with its
parameters, flags, wires and errors only."""
from ..op.op import OP


class SOP(OP):
    family = "SOP"

"""MAT: materials (td.MAT). tdsim does not render materials: a MAT exists with its parameters,
flags, wires and errors only."""
from ..op.op import OP


class MAT(OP):
    family = "MAT"

"""OPBase: the root class of every operator (td.OP derives from it).

An expression of an operator-reference parameter may return an operator, a wire may be made to
one: the layers below OP (parameters) and OP's own parts (its wires, its cook model) tell an
operator from any other value with `isinstance(x, OPBase)`, without importing OP, which is built
on them.
"""


class OPBase:
    __slots__ = ()

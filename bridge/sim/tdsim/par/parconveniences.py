"""Par Class members that read or write a parameter through another view of it: evalFile()
(the value as a tdu.FileInfo), normVal (the value as a slider position), copy() (another
parameter's value, expression, bind and mode) and hidden (obsolete parameters; the catalog has
none)."""
from __future__ import annotations

from ..values import values
from ..values.errors import tdError
from ..values.filetypes import FileInfo


class ConvenienceMembers:
    __slots__ = ()

    def evalFile(self):
        """Par Class: "Evaluate the parameter as a file path. This returns a FileInfo object"."""
        value = self.eval()
        return FileInfo("" if value is None else str(value))

    @property
    def normVal(self):
        return self.evalNorm()

    @normVal.setter
    def normVal(self, position):
        # Par Class: "Can only be set on Custom Parameters".
        if not self._def.custom:
            raise tdError(f"'{self.name}' is a built-in parameter: only custom parameters can change this")
        self.val = self._def.norm_min + float(position) * (self._def.norm_max - self._def.norm_min)

    def copy(self, par):
        """Par Class: "Copy the specified parameter": its constant value, expression, bind expression
        and mode."""
        other = getattr(par, "_core", par)  # a td.Par handle, or the parameter itself
        if not hasattr(other, "_state"):
            raise tdError(f"copy() takes a parameter, not {type(par).__name__}")
        val, mode, expr, bind = other._state()
        state = (values.coerce(self._def, val), mode, expr, bind)
        self._change(lambda: self._apply_state(state))

    hidden = property(lambda self: False)

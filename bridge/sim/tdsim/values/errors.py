"""Exception types of the emulated `td` module.

TouchDesigner raises `td.tdError` for most failed operations (a bad operator type, a failed
lookup through `opex`, ...) and `td.tdAttributeError` for a missing member such as
`op.par.nosuchpar`. The latter is an AttributeError so `getattr(obj, name, default)` works,
which real scripts rely on.
"""


class tdError(Exception):
    """Raised where TouchDesigner raises td.tdError."""


class tdAttributeError(AttributeError):
    """Raised for a missing operator or parameter member (AttributeError, as in TouchDesigner)."""

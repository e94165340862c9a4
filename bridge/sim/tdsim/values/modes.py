"""ParMode, the evaluation mode of a parameter (td.ParMode)."""
import enum


class ParMode(enum.Enum):
    CONSTANT = 0
    EXPRESSION = 1
    EXPORT = 2
    BIND = 3

    def __repr__(self):
        return f"ParMode.{self.name}"

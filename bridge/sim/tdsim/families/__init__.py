"""families: the operator families (TOP, CHOP, SOP, POP, DAT, COMP, MAT): their classes and what they
compute."""

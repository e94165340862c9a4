"""COMPs: the COMP class, COMP-to-COMP wires, panel components and Time COMPs."""

"""par: parameters (td.Par and its definitions), their collections and pages, custom parameters and
parameter sequences."""

"""values: what every layer above reads: errors, the operator catalog, parameter styles and the
rules for their values, defaults, operator names and paths."""

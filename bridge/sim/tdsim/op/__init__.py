"""op: what every operator has (td.OP): identity, parameters, flags, wires, the cook model, appearance,
storage, and the shortcuts that find operators."""

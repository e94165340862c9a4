"""create: the per-type operator classes of the catalog, creating operators, and snapshots of
operators (undo, copies, files)."""

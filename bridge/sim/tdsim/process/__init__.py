"""process: the emulated TouchDesigner process: the World (root, operator factory, expression namespace,
frame loop, undo, storage) and the td members that follow the current one."""

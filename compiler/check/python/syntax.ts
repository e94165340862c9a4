/**
 * The Python syntax checks of syntax-check.ts, ready to call: importing this module loads Python's
 * grammar first. The compiler's own check imports syntax-check.ts and leaves the loading to its
 * entry points (analyze.ts), so that a file without Python to parse never loads the grammar.
 */
import "./python-grammar-ready.js";

export * from "./syntax-check.js";

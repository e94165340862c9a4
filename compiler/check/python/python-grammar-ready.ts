/**
 * Imported for its effect: the Python grammar is loaded before the importer runs, so that the
 * compiler's synchronous entry points (analyze, compileSync) can check any Python.
 */
import { loadPythonGrammar } from "./tree-sitter.js";

await loadPythonGrammar();

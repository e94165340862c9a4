/**
 * The single catalog of diagnostics. A code is stable once published: tools and CI match on it.
 * Templates name their arguments in braces; `diagnostic()` fills them.
 * Sections follow the phase that reports them; add new codes to the section of their phase.
 */
import type { Severity } from "./severity.js";

interface CatalogEntry<Message extends string = string> {
  severity: Severity;
  message: Message;
}

/** Keeps the template's literal type, so that its `{argument}` names are known to the type checker. */
function entry<const Message extends string>(severity: Severity, message: Message): CatalogEntry<Message> {
  return { severity, message };
}

export const messages = {
  // ── files and input ────────────────────────────────────────────────────────
  "file-not-found": entry("error", "cannot read '{path}': no such file"),
  "file-unreadable": entry("error", "cannot read '{path}': {reason}"),
  "invalid-utf8": entry("error", "the file is not valid UTF-8 text (first bad byte at offset {offset})"),

  // ── lexing and parsing (grammar/) ──────────────────────────────────────────
  "empty-file": entry("error", "the file has no statements"),
  "missing-version-header": entry("error", "the file does not start with the version header 'svcnet 1'"),
  "unsupported-version": entry("error", "this svc reads .svcnet version 1, not version {version}"),
  "misplaced-version-header": entry("error", "the version header must be the first statement of the file"),
  "unexpected-character": entry("error", "unexpected character {char}"),
  "unterminated-string": entry("error", "the string is not closed on this line"),
  "invalid-escape": entry("error", "'{escape}' is not an escape sequence"),
  "invalid-number": entry("error", "'{text}' is not a number"),
  "invalid-colour": entry("error", "'{text}' is not a colour"),
  "unterminated-text-block": entry("error", "the text block opened at {line}:{column} is never closed"),
  "text-block-indentation": entry("error", "this line is indented less than the closing {fence} of its text block"),
  "invalid-text-block": entry("error", "only a language name may follow the opening {fence} of a text block"),
  "empty-expression": entry("error", "'=' must be followed by a Python expression"),
  "unclosed-expression-bracket": entry("error", "'{bracket}' in the Python expression is not closed on this line"),
  "unexpected-token": entry("error", "unexpected {found}: expected {expected}"),
  "invalid-network-name": entry("error", "{found} is not a network name: a network is named with one word"),
  "unclosed-block": entry("error", "expected '}' to close {what} opened at {line}:{column}"),
  "unclosed-bracket": entry("error", "expected '{closer}' to close the '{opener}' opened at {line}:{column}"),
  "unmatched-bracket": entry("error", "'{bracket}' closes nothing: no '{opener}' is open here"),
  "incomplete-wire": entry("error", "the wire from '{from}' stops at '->' without a target"),
  "missing-operator-type": entry("error", "node '{name}' needs an operator type after ':'"),
  "missing-value": entry("error", "'{name}' has no value after ':'"),
  "invalid-wire-index": entry("error", "'{text}' is not a connector index"),
  "unknown-recipe-metadata": entry("error", "unknown recipe metadata '{name}'"),
  "unknown-flag": entry("error", "'{name}' is not a node flag"),
  "invalid-flag-value": entry("error", "flag '{name}' takes {expected}"),
  "duplicate-entry": entry("error", "'{name}' is written twice in {where}"),
  "unknown-declaration-type": entry("error", "'{type}' is not a {what} type"),
  "invalid-range": entry("error", "the range {min}..{max} is empty: its minimum is larger than its maximum"),
  "params-outside-recipe": entry("error", "a 'params' block belongs in a recipe"),
  "misplaced-controls": entry("error", "'controls' belongs in a network block, not among a node's parameters"),
  "statement-outside-network": entry("error", "{what} must be inside a network or a recipe"),
  "invalid-layout-entry": entry("error", "a pinned position is two numbers: (x, y)"),
  "missing-declaration-type": entry("error", "'{name}' needs a type after ':'"),
  "missing-default": entry("error", "'{name}' has no default value after '='"),
  "parser-internal-error": entry("error", "the parser failed on this file: {reason}"),
  "nesting-too-deep": entry("error", "blocks and brackets are nested more than {limit} deep"),
  "too-many-diagnostics": entry("info", "{rest} more problems in this file are not shown (the first {shown} are)"),

  // ── resolve (compiler/resolve) ─────────────────────────────────────────────
  "import-cycle": entry("error", "import cycle: {chain}"),
  "import-not-svcnet": entry("error", "'{path}' is not a .svcnet file; only .svcnet source can be imported"),
  "unknown-library-import": entry("error", "'{path}' names nothing in svc's library"),
  "duplicate-network": entry("error", "network '{name}' is declared more than once"),
  "duplicate-recipe": entry("error", "recipe '{name}' is declared more than once (also in {other})"),
  "duplicate-node": entry("error", "'{name}' is already declared in this network"),
  "duplicate-control": entry("error", "control '{name}' is already declared on this COMP"),
  "unknown-wire-node": entry("error", "no node named '{name}' in this network"),
  "recipe-cycle": entry("error", "recipe '{recipe}' ends up using itself: {chain}"),
  "recipe-use-with-network": entry(
    "error",
    "'{name}' uses recipe '{recipe}', which brings its own network; it cannot have a 'network' block",
  ),
  "recipe-unknown-argument": entry("error", "recipe '{recipe}' has no parameter '{name}'"),
  "recipe-missing-argument": entry("error", "recipe '{recipe}' needs a value for '{name}' (it has no default)"),
  "recipe-argument-type": entry("error", "'{name}' of recipe '{recipe}' takes {expected}, not {actual}"),
  "recipe-argument-range": entry("error", "'{name}' of recipe '{recipe}' is {value}, outside {min}..{max}"),
  "unknown-recipe-parameter": entry("error", "'${name}' is not a parameter of recipe '{recipe}'"),
  "recipe-parameter-outside-recipe": entry(
    "error",
    "'${name}' names a recipe parameter, but this is not inside a recipe",
  ),
  "unknown-bind-control": entry("error", "no enclosing network declares a control named '{name}'"),
  "unknown-layout-node": entry("warning", "the layout block pins '{path}', which is not a node of this file"),
  "declaration-default-type": entry("error", "the default of '{name}' must be {expected}, not {actual}"),

  // ── check (compiler/check) ─────────────────────────────────────────────────
  "unknown-operator-type": entry("error", "unknown operator type '{type}'"),
  "renamed-operator-type": entry("warning", "'{type}' is the older name of '{current}'"),
  "unknown-parameter": entry("error", "'{type}' has no parameter '{name}'"),
  "duplicate-parameter": entry("error", "'{name}' is set more than once on '{node}'"),
  "read-only-parameter": entry("error", "'{name}' of '{type}' is read-only"),
  "parameter-type-mismatch": entry("error", "'{name}' of '{type}' takes {expected}, not {actual}"),
  "unknown-menu-entry": entry("error", "'{entry}' is not an entry of the menu '{name}' of '{type}'"),
  "unchecked-menu-entry": entry(
    "warning",
    "'{entry}' could not be checked against the menu '{name}' of '{type}': {reason}",
  ),
  "older-parameter-name": entry("warning", "'{name}' of '{type}' is a name from older documentation: {note}"),
  "value-out-of-range": entry("error", "{value} is outside the allowed range of '{name}' ({range})"),
  "tuple-size-mismatch": entry("error", "'{name}' of '{type}' takes {expected} values, not {actual}"),
  "malformed-sequence-block": entry(
    "error",
    "'{name}' is not a parameter of a block of the sequence '{sequence}' of '{type}': {problem}",
  ),
  "sequence-block-beyond-count": entry(
    "error",
    "'{name}' is in block {block} of '{sequence}', but '{sequence}: {count}' makes blocks 0..{last}",
  ),
  "sequence-block-count": entry("error", "'{sequence}' of '{type}' is a block count: {problem}"),
  "unknown-operator-reference": entry("error", "no operator '{path}' is in reach of '{node}'"),
  "operator-reference-family": entry("error", "'{name}' of '{type}' needs a {expected}, but '{path}' is a {actual}"),
  "invalid-node-name": entry("error", "'{name}' is not a valid TouchDesigner operator name"),
  "wire-family-mismatch": entry("error", "cannot wire a {fromFamily} ('{from}') into a {toFamily} ('{to}')"),
  "input-index-out-of-range": entry("error", "'{node}' ({type}) has {count} input(s); input {index} does not exist"),
  "output-index-out-of-range": entry("error", "'{node}' ({type}) has {count} output(s); output {index} does not exist"),
  "input-connected-twice": entry("error", "input {index} of '{node}' is wired more than once"),
  "wire-cycle": entry("error", "these wires form a loop: {cycle}"),
  "required-input-unconnected": entry("warning", "'{node}' ({type}) needs input {index} connected"),
  "resolution-ignored": entry(
    "warning",
    "'{param}' of '{node}' is ignored: its output resolution is '{mode}', so its size comes from its input",
  ),
  "bind-type-mismatch": entry("error", "'{name}' ({style}) cannot be bound to '{control}' ({controlType})"),
  "expression-syntax": entry("error", "the Python expression is not valid: {problem}"),
  "dat-python-syntax": entry(
    "error",
    "the Python of '{node}' ({type}), which TouchDesigner runs, is not valid: {problem}",
  ),
  "unsafe-python": entry("error", "{what} is outside the safe Python subset (SVC_BRIDGE_EXPRESSIONS=safe): {problem}"),
  "safe-mode-exec": entry(
    "error",
    "{what} is code TouchDesigner runs: with SVC_BRIDGE_EXPRESSIONS=safe the bridge refuses it while exec is closed",
  ),
  "expression-unknown-operator": entry(
    "warning",
    "the expression names op('{path}'), which is not in reach of '{node}'",
  ),
  "invalid-control-name": entry("error", "'{name}' is not a valid custom parameter name"),
  "control-range-inverted": entry("error", "the range of '{name}' starts above its end ({min}..{max})"),
  "flag-not-supported": entry("warning", "a {family} has no {flag} flag"),
  "glsl-compile-error": entry("error", "the {stage} shader of '{node}' does not compile: {message}"),
  "glsl-compile-warning": entry("warning", "the {stage} shader of '{node}' compiles with a warning: {message}"),
  "glsl-uniform-not-on-node": entry(
    "warning",
    "the shader uses uniform '{name}', but no uniform parameter of '{node}' is named '{name}': it stays 0",
  ),
  "glsl-uniform-unused": entry("warning", "'{param}' of '{node}' names uniform '{name}', which its shader {problem}"),
  "glsl-validator-unavailable": entry("info", "GLSL shaders were not compiled: {reason}"),
  "glsl-stage-not-checked": entry("info", "the {stage} shader of '{node}' was not compiled: {reason}"),

  // ── live environment (plan, apply, verify) ─────────────────────────────────
  "live-cook-error": entry("error", "'{node}' reports an error in the live network: {message}"),
  "live-cook-warning": entry("warning", "'{node}' reports a warning in the live network: {message}"),
  "live-cook-error-unowned": entry(
    "warning",
    "'{node}', which svc does not manage, reports an error in the live network: {message}",
  ),
  "apply-operation-failed": entry("error", "applying '{node}' failed: {message}"),
  "apply-rollback-unverified": entry(
    "error",
    "the failed apply of {root} was rolled back, but the live network is not as it was before: {message}",
  ),
  "apply-partial-kept": entry(
    "warning",
    "the apply of {root} stopped after {applied} of {total} requests, and what they changed was kept (--keep-partial)",
  ),
  "apply-interrupted": entry(
    "error",
    "the apply of {root} was cut off and is not finished: {landed}, and the bridge could not be reached to finish or undo it ({message})",
  ),
  "apply-in-progress": entry("error", "svc process {pid} is applying {root} now"),
  "apply-commit-pending": entry(
    "warning",
    "all {requests} requests of the apply of {root} landed, but the bridge could not be reached to commit them ({message}); the next 'svc plan', 'svc apply', 'svc status' or 'svc recover' commits them",
  ),
  "apply-recovered": entry("warning", "an unfinished apply of {root} was found: {landed}; {done}"),
  "apply-recovery-incomplete": entry(
    "error",
    "an unfinished apply of {root} was found ({landed}), but the live network is not as it was before: {message}",
  ),
  "apply-unfinished": entry("warning", "an apply of {root} was cut off and is not finished: {landed}; {next}"),
  "apply-journal-unreadable": entry(
    "warning",
    "svc's journal of an unfinished apply at {file} cannot be read: {problem}",
  ),
  "plan-conflict": entry("warning", "{message}"),
  "plan-blocked": entry("error", "{message}"),
  "record-damaged": entry("warning", "svc's last-applied record on {root} {problem}"),
  "stale-plan": entry("error", "the live network at {root} changed since this plan was made"),

  // ── vault notes (runtime/vault) ────────────────────────────────────────────
  "vault-no-svcnet-block": entry("error", "the note '{note}' has no fenced svcnet block"),
  "vault-svcnet-block-unclosed": entry("error", "the svcnet block opened here is never closed"),
  "vault-svcnet-block-missing": entry("error", "the note '{note}' has {count} svcnet block(s), not a block {block}"),

  // ── recipe import (runtime/import-recipe) ──────────────────────────────────
  "import-invalid-json": entry("error", "the file is not valid JSON: {problem}"),
  "import-field-type": entry("error", "{at} must be {expected}, not {actual}"),
  "import-missing-field": entry("error", "{at} is required"),
  "import-unknown-field": entry("warning", "{at} is not part of the recipe format; it is ignored"),
  "import-duplicate-key": entry("error", "{at} is written twice"),
  "import-invalid-value": entry("error", "{at} is {value}; it must be {expected}"),
  "import-unknown-operator-type": entry("error", "{at}: unknown operator type '{type}'"),
  "import-unknown-parameter": entry("error", "{at}: '{type}' has no parameter '{name}'"),
  "import-unknown-node": entry("error", "{at}: no node of the recipe is named '{name}'"),
  "import-duplicate-node": entry("error", "{at}: a node named '{name}' is already declared at {other}"),
  "import-parent-not-comp": entry("error", "{at}: '{parent}' is a {type}, not a COMP, so it cannot contain '{name}'"),
  "import-parent-cycle": entry("error", "{at}: these nodes contain each other: {chain}"),
  "import-cross-network-connection": entry(
    "error",
    "{at}: '{from}' and '{to}' are in different networks; a wire joins nodes of one network",
  ),
  "import-unknown-op-reference": entry("error", "{at}: op('{name}') names no node of the recipe"),
  "import-value-conflict": entry("error", "{at}: give either {first} or {second}, not both"),
  "import-parameter-driven-twice": entry("error", "{at}: '{target}' is already driven by {other}"),
  "import-duplicate-control": entry("error", "{at}: a control named '{name}' already exists ({other})"),
  "import-not-glsl": entry("error", "{at}: '{node}' is a {type}, which has no {what}"),
  "import-no-uniform-slot": entry(
    "warning",
    "{at}: '{node}' has no free {sequence} block for the uniform '{name}'; it is left out",
  ),
  "import-renamed": entry("warning", "{at}: '{from}' is not a valid {what} name in TouchDesigner; it becomes '{to}'"),
  "import-code-not-run": entry(
    "warning",
    "{at}: '{node}' ({type}) does not run Python; the code is kept in '{dat}', which nothing runs",
  ),
  "import-field-ignored": entry("warning", "{at} has no meaning {where}; it is ignored"),
  "import-left-out": entry("warning", "{at}: {reason}; the assignment is left out (a comment above the node keeps it)"),
  "import-fixed": entry("info", "{at}: '{from}' is written as '{to}' (--fix)"),

  // ── TDN import and export (runtime/tdn) ────────────────────────────────────
  "tdn-invalid-document": entry("error", "the file is not a TDN document: {problem}"),
  "tdn-field-type": entry("error", "{at} must be {expected}, not {actual}"),
  "tdn-missing-field": entry("warning", "{at} has no {field}; the operator is left out"),
  "tdn-unknown-field": entry("warning", "{at} is not part of the TDN format; it is ignored"),
  "tdn-no-meaning": entry("warning", "{at}: {what} has no .svcnet meaning; it is left out"),
  "tdn-version": entry(
    "warning",
    "{at}: TDN version {version} is newer than the {known} svc reads; fields it does not know are reported",
  ),
  "tdn-unknown-operator-type": entry("error", "{at}: unknown operator type '{type}'"),
  "tdn-invalid-name": entry("error", "{at}: '{name}' is not an operator name .svcnet can write"),
  "tdn-duplicate-name": entry("error", "{at}: a sibling named '{name}' is already declared"),
  "tdn-unknown-parameter": entry("warning", "{at}: '{type}' has no parameter '{name}'; it is left out"),
  "tdn-bind-as-expression": entry(
    "warning",
    "{at}: the bind '{expr}' names no control or operator parameter .svcnet can bind to; it becomes an expression",
  ),
  "tdn-unknown-template": entry("warning", "{at}: no par_templates entry is named '{name}'; the page is left out"),
  "tdn-unsupported-style": entry(
    "warning",
    "{at}: the custom parameter style '{style}' has no .svcnet control type; it is left out",
  ),
  "tdn-unknown-flag": entry("warning", "{at}: '{flag}' is not a TDN flag; it is ignored"),
  "tdn-unknown-input": entry("warning", "{at}: '{source}' is no sibling of '{node}'; the connection is left out"),
  "tdn-table-cell": entry("error", "{at}: a table cell holding a tab or a line break cannot be written as DAT text"),
  "tdn-ref": entry("error", "{at}: {problem}"),
  "tdn-normalised": entry("info", "{at}: {what}"),
} as const satisfies Record<string, CatalogEntry>;

export type DiagnosticCode = keyof typeof messages;

/** The `{argument}` names of a message template, as a union of string literal types. */
type TemplateArguments<Template extends string> = Template extends `${string}{${infer Name}}${infer Rest}`
  ? Name | TemplateArguments<Rest>
  : never;

/** The arguments a code's message needs: leaving one out, or misspelling one, is a type error. */
export type MessageArgsOf<Code extends DiagnosticCode> = {
  [Name in TemplateArguments<(typeof messages)[Code]["message"]>]: string | number;
};

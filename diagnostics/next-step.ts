/**
 * A diagnostic's next step that names a tool: a person at a terminal runs an `svc` command, an
 * assistant over MCP calls a tool. The compiler says which step it means; the help line is phrased
 * for the terminal, and `forAssistant` rephrases it for an MCP client (which cannot run commands).
 */
export type NextStep = { kind: "search-operators" } | { kind: "show-operator"; type: string };

/** The step as a help line for a person at a terminal. */
export function stepForPeople(step: NextStep): string {
  return step.kind === "search-operators"
    ? "'svc kb search <words>' finds operator types"
    : `'svc kb show ${step.type}' lists its parameters`;
}

function stepForAssistant(step: NextStep): string {
  return step.kind === "search-operators"
    ? "the search_operators tool finds operator types by words (what the operator does, e.g. 'edge' or 'blur')"
    : `the get_td_docs tool with name '${step.type}' lists its parameters`;
}

/** The diagnostic as an MCP client should read it: its next step phrased as a tool to call. */
export function forAssistant<D extends { help: string[]; nextStep?: NextStep }>(d: D): D {
  if (d.nextStep === undefined) return d;
  const people = stepForPeople(d.nextStep);
  return { ...d, help: [...d.help.filter((h) => h !== people), stepForAssistant(d.nextStep)] };
}

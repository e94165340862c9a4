/** Types of generate-network.mjs, for the tests that build large programs with it. */
export function group(
  g: number,
  indent: string,
  previous: string | undefined,
  tag?: string,
): { lines: string[]; last: string };
export function generate(kind: "compile" | "distinct" | "layout", nodeCount: number): string;

/** Numbers the steps of a walk-through, leaving out the ones whose tool is not registered. */
export interface Step {
  text: string;
  /** The step is kept only when this tool is registered. */
  needs?: string;
}

export function numbered(steps: readonly Step[], tools: ReadonlySet<string>): string {
  return steps
    .filter((s) => s.needs === undefined || tools.has(s.needs))
    .map((s, i) => `${i + 1}. ${s.text}`)
    .join("\n");
}

/** The conformance report as a person reads it: the build, a line per area, then every check that did not pass. */
import type { CheckResult, LiveReport } from "./live-suite.js";

function short(value: unknown): string {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text === undefined ? "undefined" : text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

function detail(c: CheckResult): string[] {
  const lines = [`${c.status.padEnd(10)} ${c.id}: ${c.title}`];
  if (c.status === "FAIL") {
    lines.push(`           expected ${short(c.expected)}`, `           read     ${short(c.read)}`);
    if (c.why) lines.push(`           (${c.why})`);
  } else if (c.why) lines.push(`           ${c.why}`);
  return lines;
}

export function formatReport(report: LiveReport): string {
  const b = report.build;
  const out = [
    `svc verify --live: ${report.url}`,
    `build: ${b.product ?? "?"} ${b.version ?? "?"}.${b.build ?? "?"} on ${b.osName ?? "?"} ${b.osVersion ?? ""}`.trimEnd(),
    `bridge ${report.bridge_version}, Python ${b.python}, exec ${report.exec_open ? "open" : "closed"}, expressions ${report.expressions}; ${report.steps} requests, the longest ${report.max_step_ms.toFixed(1)} ms inside TouchDesigner`,
    "",
  ];
  const areas = new Map<string, Record<CheckResult["status"], number>>();
  for (const c of report.checks) {
    const row = areas.get(c.area) ?? { PASS: 0, FAIL: 0, UNVERIFIED: 0 };
    row[c.status] += 1;
    areas.set(c.area, row);
  }
  out.push(`${"area".padEnd(18)} ${"PASS".padStart(5)} ${"FAIL".padStart(5)} ${"UNVERIFIED".padStart(11)}`);
  for (const [area, row] of areas)
    out.push(
      `${area.padEnd(18)} ${String(row.PASS).padStart(5)} ${String(row.FAIL).padStart(5)} ${String(row.UNVERIFIED).padStart(11)}`,
    );
  const notPassed = report.checks.filter((c) => c.status !== "PASS");
  if (notPassed.length > 0) out.push("", ...notPassed.flatMap(detail));
  const { PASS, FAIL, UNVERIFIED } = report.counts;
  out.push("", `${report.checks.length} checks: ${PASS} PASS, ${FAIL} FAIL, ${UNVERIFIED} UNVERIFIED`);
  return out.join("\n") + "\n";
}

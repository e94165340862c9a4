/** `svc kb diff --live` as a table: types missing and added, then a line per type that differs. */
import type { KbDiff } from "../../kb/import/diff.js";

const list = (names: readonly string[], max = 12) =>
  names.length === 0 ? "none" : names.slice(0, max).join(", ") + (names.length > max ? `, … (${names.length})` : "");

export function formatKbDiff(diff: KbDiff, buildName: string): string {
  const out = [
    `svc kb diff --live: build ${buildName}: ${diff.typesInBuild} types in the build, ${diff.typesInKb} in the knowledge base`,
    `types the build lacks:  ${list(diff.missingTypes)}`,
    `types only the build has: ${list(diff.extraTypes)}`,
    `types the build could not make: ${list(diff.failedTypes)}`,
  ];
  if (diff.types.length > 0) {
    out.push(
      "",
      `${"type".padEnd(24)} ${"missing".padStart(7)} ${"extra".padStart(5)} ${"style".padStart(5)} ${"default".padStart(7)} ${"menu".padStart(4)}  parameters`,
    );
    for (const t of diff.types) {
      const names = [
        ...t.missingParams.map((n) => `-${n}`),
        ...t.extraParams.map((n) => `+${n}`),
        ...[...t.styles, ...t.defaults, ...t.menus].map((d) => `~${d.param}`),
      ];
      out.push(
        `${t.type.padEnd(24)} ${String(t.missingParams.length).padStart(7)} ${String(t.extraParams.length).padStart(5)} ${String(t.styles.length).padStart(5)} ${String(t.defaults.length).padStart(7)} ${String(t.menus.length).padStart(4)}  ${list(names, 8)}`,
      );
    }
  }
  const same = diff.missingTypes.length + diff.extraTypes.length + diff.failedTypes.length + diff.types.length === 0;
  out.push("", same ? "the build and the knowledge base agree" : `${diff.types.length} types differ`);
  return out.join("\n") + "\n";
}

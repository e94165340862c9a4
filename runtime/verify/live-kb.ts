/**
 * Every operator type of the running build, read through the bridge (`POST /api/kb/dump`, a page per
 * request, each bounded in time and leaving nothing in the project), as a dump `svc kb import` takes.
 */
import type { BridgeClient } from "../engine/index.js";
import type { Dump } from "../../kb/import/dump-schema.js";

export interface LiveBuild {
  build: string;
  version: string;
  product: string;
  osName: string;
}

interface DumpPage {
  operators: Dump["operators"];
  failures: Dump["failures"];
  read: number;
  total: number;
  next_after: string | null;
  complete: boolean;
  build: LiveBuild;
}

export async function readLiveDump(
  client: BridgeClient,
  progress?: (read: number, total: number) => void,
): Promise<{ dump: Dump; build: LiveBuild }> {
  const operators: Dump["operators"] = [];
  const failures: Dump["failures"] = [];
  let after: string | null = null;
  for (;;) {
    const page: DumpPage = await client.read<DumpPage>("/api/kb/dump", after === null ? {} : { after });
    operators.push(...page.operators);
    failures.push(...page.failures);
    progress?.(page.read, page.total);
    if (page.complete || page.next_after === null) {
      const { parseDump } = await import("../../kb/import/dump-schema.js");
      const parsed = parseDump(
        JSON.stringify({
          format: "svc-td-dump",
          version: 1,
          build: page.build.build,
          createdBy: `${page.build.product} ${page.build.version}`.trim(),
          operators,
          failures,
        }),
      );
      if (!parsed.ok) throw new Error(`the bridge's operator pages are not a dump: ${parsed.problems.join("; ")}`);
      return { dump: parsed.dump, build: page.build };
    }
    after = page.next_after;
  }
}

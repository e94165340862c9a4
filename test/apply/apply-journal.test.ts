/**
 * svc's journal of an apply belongs to the process running it: while that process lives, no other
 * command undoes the apply or starts another of the same network.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOURNAL_FORMAT, unfinishedApplies, writeJournal } from "../../runtime/engine/apply/apply-journal.js";
import { readLiveNetwork } from "../../runtime/engine/plan/live-state.js";
import { runSvc } from "../cli/run-cli.js";
import { useLiveSim } from "../support/live-sim.js";

const live = useLiveSim();
let work: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "svc-journal-"));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("an apply journal whose svc process still runs", () => {
  it("is left alone by 'svc status', and another apply of the network is refused before anything is sent", async () => {
    const home = join(work, "home");
    const dir = join(home, "state", "applies");
    // Another svc process, alive for the length of the test.
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 600000)"], { stdio: "ignore" });
    try {
      writeJournal(
        dir,
        {
          format: JOURNAL_FORMAT,
          bridge: live.env.SVC_BRIDGE_URL!,
          root: "/project1/busy",
          transaction: "svc-busy",
          startedAt: new Date().toISOString(),
          phase: "applying",
          owner: { pid: other.pid!, host: hostname() },
          keepPartial: false,
          totalRequests: 4,
          before: { existed: false, fingerprint: "none", record: "", nodes: [], params: {} },
          requests: [{ n: 1, key: "k1", state: "landed", operations: 3, created: [], deleted: [], changed: [] }],
        },
        true,
      );
      const env = { ...live.env, SVC_HOME: home };
      const status = await runSvc(["status"], env);
      expect(status.stdout).toContain(
        `recovered:   an unfinished apply of /project1/busy: 1 of 4 requests had landed; svc process ${other.pid} is applying it now; it was left alone`,
      );
      expect(unfinishedApplies(dir, live.env.SVC_BRIDGE_URL!).journals).toHaveLength(1);

      const file = join(work, "busy.svcnet");
      writeFileSync(
        file,
        [
          "svcnet 1",
          "network busy {",
          ...Array.from({ length: 60 }, (_, i) => `  n${i}: noiseTOP { seed: ${i} }`),
          "}",
          "",
        ].join("\n"),
      );
      const apply = await runSvc(["apply", file], env);
      expect(apply.code).toBe(1);
      expect(apply.stdout).toContain(
        `error[apply-in-progress]: svc process ${other.pid} is applying /project1/busy now`,
      );
      expect((await readLiveNetwork(live.client, "/project1/busy")).exists).toBe(false);
    } finally {
      other.kill();
    }
  }, 120_000);
});

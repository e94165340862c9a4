/**
 * Exports that stand alone: a network applied from a file that imports a recipe of svc's library and
 * a file of its own exports with imports that name the same files from any folder (`svc:recipes/...`
 * and an absolute path), so the export compiles and plans to nothing in another folder.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { analyze } from "../../compiler/index.js";
import { isEmptyPlan } from "../../runtime/engine/plan/plan-types.js";
import { exportProgram, readExport } from "../../runtime/engine/export/export-network.js";
import { applyFile, planFile } from "../../runtime/engine/loop/run-loop.js";
import { recipesDir } from "../../runtime/recipes/catalog.js";
import { useLiveSim } from "../support/live-sim.js";

const live = useLiveSim();
const work = mkdtempSync(join(tmpdir(), "svc-export-anywhere-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("an export of a network that imports recipes", () => {
  it("names the library as svc:recipes/ and its own files absolutely, and compiles and plans empty from another folder", async () => {
    const project = join(work, "project");
    mkdirSync(join(project, "lib"), { recursive: true });
    writeFileSync(
      join(project, "lib", "mine.svcnet"),
      "svcnet 1\nrecipe faded {\n  in1: inTOP\n  level1: levelTOP { opacity: 0.5 }\n  out1: outTOP\n  in1 -> level1 -> out1\n}\n",
    );
    // The library reached by a path relative to this folder, as a file written beside a checkout would.
    const library = relative(project, join(recipesDir(), "glsl", "glsl_kaleidoscope.svcnet"));
    writeFileSync(
      join(project, "show.svcnet"),
      `svcnet 1\nimport "${library}"\nimport "lib/mine.svcnet"\n\nnetwork anywhere {\n  seed: noiseTOP\n  kal: glsl_kaleidoscope\n  fade: faded\n  out1: nullTOP\n  seed -> kal -> fade -> out1\n}\n`,
    );
    const applied = await applyFile(live.client, join(project, "show.svcnet"), { verify: false });
    expect(applied.diagnostics.filter((d) => d.severity === "error")).toEqual([]);

    const exported = await exportProgram([(await readExport(live.client, "/project1/anywhere"))!]);
    expect(exported).toContain('import "svc:recipes/glsl/glsl_kaleidoscope.svcnet"');
    expect(exported).toContain(`import "${join(project, "lib", "mine.svcnet")}"`);

    const elsewhere = join(work, "elsewhere");
    mkdirSync(elsewhere);
    const file = join(elsewhere, "exported.svcnet");
    writeFileSync(file, exported);
    expect(analyze(file).diagnostics).toEqual([]);
    const replanned = await planFile(live.client, file);
    expect(replanned.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(replanned.plans.every((p) => isEmptyPlan(p.plan))).toBe(true);
  });

  it("says when a svc: import names nothing in the library", () => {
    const file = join(work, "bad.svcnet");
    writeFileSync(file, 'svcnet 1\nimport "svc:recipes/glsl/no_such_recipe"\nnetwork n {\n}\n');
    const [d] = analyze(file).diagnostics;
    expect(d?.code).toBe("unknown-library-import");
    expect(d?.help[0]).toContain('import "svc:recipes/glsl/glsl_kaleidoscope"');
  });
});

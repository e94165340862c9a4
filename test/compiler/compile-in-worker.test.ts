/**
 * The compile an MCP server runs in a worker thread gives what compile() gives in the calling
 * thread, with the same hosts, while the calling thread goes on running. The built modules are
 * used (a worker thread starts the built worker file, as the server does).
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import type * as Index from "../../compiler/index.js";
import type * as InWorker from "../../compiler/compile-in-worker.js";
import type * as Confined from "../../compiler/resolve/confined-host.js";

const dist = (p: string) => import(pathToFileURL(join(process.cwd(), "dist", p)).href);
const { compile, memoryHost } = (await dist("compiler/index.js")) as typeof Index;
const { compileInWorker, workerCanCompile } = (await dist("compiler/compile-in-worker.js")) as typeof InWorker;
const { confinedHost } = (await dist("compiler/resolve/confined-host.js")) as typeof Confined;

const examples = join(process.cwd(), "examples");
const { OPERATIONS_PER_MESSAGE } = (await dist("compiler/compile-in-worker.js")) as typeof InWorker;

/** What the worker gives back of compile()'s result. */
function planned(r: Index.CompileResult) {
  return {
    diagnostics: r.diagnostics,
    sources: r.program.sources,
    ...(r.operations === undefined ? {} : { operations: r.operations }),
  };
}

describe("compile in a worker thread", () => {
  it("gives compile()'s result for a file on disk, with its canonical text, while this thread runs on", async () => {
    const file = join(examples, "feedback-tunnel.svcnet");
    let turns = 0;
    const timer = setInterval(() => turns++, 1);
    const { canonical, ...off } = await compileInWorker(file, {}, file);
    clearInterval(timer);
    expect(off).toEqual(planned(await compile(file)));
    expect(off.operations!.length).toBeGreaterThan(10);
    expect(canonical).toMatch(/^svcnet 1\n/);
    expect(turns).toBeGreaterThan(0);
  });

  it("reads imports through the same host: in memory, and confined to folders", async () => {
    const files = {
      "lib/looks.svcnet": "svcnet 1\nrecipe glow() {\n  n: noiseTOP\n}\n",
      "main.svcnet": 'svcnet 1\nimport "lib/looks.svcnet"\nnetwork net {\n  g: glow()\n  n: noiseTOP { seed: 3 }\n}\n',
    };
    const host = memoryHost(files);
    expect(workerCanCompile({ host })).toBe(true);
    const inMemory = await compileInWorker("main.svcnet", { host });
    expect(inMemory).toEqual(planned(await compile("main.svcnet", { host })));

    const confined = confinedHost([examples], "the examples");
    const outside = await compileInWorker(
      {
        text: 'svcnet 1\nimport "/etc/secret.svcnet"\nnetwork a {\n  n: noiseTOP\n}\n',
        file: join(examples, "x.svcnet"),
      },
      { host: confined },
    );
    expect(outside).toEqual(
      planned(
        await compile(
          {
            text: 'svcnet 1\nimport "/etc/secret.svcnet"\nnetwork a {\n  n: noiseTOP\n}\n',
            file: join(examples, "x.svcnet"),
          },
          { host: confined },
        ),
      ),
    );
    expect(outside.operations).toBeUndefined();
    expect(outside.diagnostics.map((d) => d.message).join(" ")).toContain("outside the examples");
  });

  it("stays in this thread for a host it cannot rebuild there", async () => {
    const host = {
      readFile: () => ({ ok: true as const, text: "svcnet 1\nnetwork a {\n  n: noiseTOP\n}\n" }),
      resolve: (_from: string, rel: string) => rel,
    };
    expect(workerCanCompile({ host })).toBe(false);
    const off = await compileInWorker("a.svcnet", { host });
    expect(off.operations!.some((o) => o.kind === "create")).toBe(true);
  });

  it("brings a large program's operations back whole, in several messages", async () => {
    const lines = ["svcnet 1", "network wide {"];
    for (let i = 0; i < 800; i++) lines.push(`  n${i}: levelTOP [comment: "n${i}"] { opacity: 0.5 }`);
    const input = { text: [...lines, "}", ""].join("\n"), file: "wide.svcnet" };
    const off = await compileInWorker(input, { layout: false });
    expect(off.operations!.length).toBeGreaterThan(OPERATIONS_PER_MESSAGE);
    expect(off).toEqual(planned(await compile(input, { layout: false })));
  });
});

/**
 * Python that TouchDesigner runs, checked before apply: DATs of the Execute family must be valid
 * Python modules, and with the safe policy expressions and DAT text must be of the bridge's safe
 * subset (never stricter on names than the bridge's allow-list, bridge/svc_bridge/safe_python.json).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compileSync, memoryHost } from "../../compiler/index.js";
import { safeTable } from "../../compiler/check/python/safe-subset.js";
import { expressionPolicyFromEnv } from "../../compiler/check/python/policy.js";
import { covered } from "./helpers.js";

function check(body: string, expressions: "open" | "safe" = "open", files: Record<string, string> = {}) {
  const source = `svcnet 1\nnetwork net {\n${body}\n}\n`;
  const result = compileSync("main.svcnet", {
    host: memoryHost({ "main.svcnet": source, ...files }),
    expressions,
    layout: false,
  } as never);
  return { ...result, source };
}

const block = (text: string) =>
  "```\n" +
  text
    .split("\n")
    .map((l) => (l === "" ? "" : "      " + l))
    .join("\n") +
  "\n      ```";

describe("DATs that TouchDesigner runs are valid Python", () => {
  it("dat-python-syntax: an Execute DAT whose text does not parse", () => {
    const r = check(`  ex: executeDAT {\n    text: ${block("def onFrameStart(frame):\n    return frame +\n")}\n  }`);
    const d = r.diagnostics.find((x) => x.code === "dat-python-syntax");
    expect(d, JSON.stringify(r.diagnostics)).toBeDefined();
    expect(d!.message).toMatch(/'ex' \(executeDAT\).*not valid/);
    expect(r.operations).toBeUndefined();
  });

  it("a valid module and a table DAT's data pass", () => {
    const r = check(
      `  ex: executeDAT {\n    text: ${block("def onFrameStart(frame):\n    return\n")}\n  }\n  t: tableDAT { text: "a\\tb" }`,
    );
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });

  it("text read with file() is reported at the file() call, never quoted", () => {
    const r = check(`  ex: executeDAT { text: file("cb.py") }`, "open", { "cb.py": "def f(:\n    SECRET_LINE\n" });
    const d = r.diagnostics.find((x) => x.code === "dat-python-syntax")!;
    expect(d.message).toMatch(/line 1 of cb\.py/);
    expect(d.message).not.toMatch(/SECRET|def f/);
    expect(covered(r.source, d)).toMatch(/file\("cb\.py"\)/);
  });
});

describe("the safe policy", () => {
  it.each([
    "__import__('os').system('id')",
    "op('ex').module.os",
    "me.__class__",
    "me.parent().loadTox('a.tox')",
    "getattr(me, 'x')",
    "tdu.builtins.eval('1')",
    "tdu.shlex.os.replace('a', 'b')",
    "op('a').par.speed.eval().__class__",
    "me.storage",
    "[x for x in range(3)]",
    "2 ** absTime.frame",
    "math",
    "op('a').par.speed.eval().real",
  ])("unsafe-python: %s", (expr) => {
    const r = check(`  n: noiseTOP { period: = ${expr} }`, "safe");
    const d = r.diagnostics.find((x) => x.code === "unsafe-python");
    expect(d, JSON.stringify(r.diagnostics)).toBeDefined();
    expect(r.operations).toBeUndefined();
  });

  it("admits what networks are made of, and the open policy admits anything", () => {
    const expr = "math.sin(absTime.seconds) * op('n2').par.period.eval() + tdu.clamp(me.time.frame, 0, 1)";
    expect(
      check(`  n: noiseTOP { period: = ${expr} }\n  n2: noiseTOP`, "safe").diagnostics.filter(
        (d) => d.severity === "error",
      ),
    ).toEqual([]);
    expect(
      check("  n: noiseTOP { period: = __import__('math').pi }", "open").diagnostics.filter(
        (d) => d.severity === "error",
      ),
    ).toEqual([]);
  });

  it("unsafe-python: DAT text that is code, not data, points at the line", () => {
    const r = check(`  t: textDAT {\n    text: ${block("speed\nimport os\n")}\n  }`, "safe");
    const d = r.diagnostics.find((x) => x.code === "unsafe-python")!;
    expect(d.message).toMatch(/line 2: import statement is a statement/);
    expect(covered(r.source, d)).toBe("import os");
  });

  it("safe-mode-exec: any text written into a DAT TouchDesigner runs, however harmless", () => {
    const r = check(`  ex: executeDAT {\n    text: ${block("def onFrameStart(frame):\n    return\n")}\n  }`, "safe");
    const d = r.diagnostics.find((x) => x.code === "safe-mode-exec")!;
    expect(d.message).toMatch(/the text of 'ex' \(executeDAT, a DAT whose text TouchDesigner runs\) is code/);
    expect(d.help?.join(" ")).toMatch(/SVC_BRIDGE_ALLOW_EXEC/);
    expect(
      check(
        `  ex: executeDAT {\n    text: ${block("def onFrameStart(frame):\n    return\n")}\n  }`,
        "open",
      ).diagnostics.filter((x) => x.severity === "error"),
    ).toEqual([]);
  });

  it("reads SVC_BRIDGE_EXPRESSIONS as the bridge does", () => {
    expect(expressionPolicyFromEnv({})).toBe("open");
    expect(expressionPolicyFromEnv({ SVC_BRIDGE_EXPRESSIONS: " open " })).toBe("open");
    expect(expressionPolicyFromEnv({ SVC_BRIDGE_EXPRESSIONS: "safe" })).toBe("safe");
    expect(expressionPolicyFromEnv({ SVC_BRIDGE_EXPRESSIONS: "sfae" })).toBe("safe");
  });

  it("reads the bridge's own allow-list, not a copy", () => {
    // One grammar: svc check types expressions over the very table the bridge reads.
    const table = JSON.parse(readFileSync("bridge/svc_bridge/safe_python.json", "utf8"));
    expect(safeTable()).toEqual(table);
  });
});

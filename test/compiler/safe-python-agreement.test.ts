/**
 * One grammar: `svc check`'s safe-mode checker (compiler/check/python/safe-subset.ts, on tree-sitter)
 * and the bridge's (bridge/svc_bridge/safe_python.py, on Python's own AST) give the same verdict on
 * every expression and DAT text here, both reading bridge/svc_bridge/safe_python.json.
 */
import { execFileSync } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import { unsafeExpression, unsafeModule } from "../../compiler/check/python/safe-subset.js";
import { loadPythonGrammar } from "../../compiler/check/python/tree-sitter.js";

const EXPRESSIONS = [
  "1 + 2 * 3",
  "absTime.seconds * 0.5",
  "math.sin(absTime.seconds) * math.pi",
  "tdu.clamp(me.time.frame, 0, 1)",
  "op('a').par.speed.eval()",
  "op('a').par.speed",
  "parent().par.Speed * 2",
  "me.par.tx.eval() if me.time.frame > 10 else 0",
  "f'{me.name}-{absTime.frame:04d}'",
  "[1, 2, 3][0]",
  "(1, 2)",
  "{'a': 1}",
  "not me.valid",
  "me.name + 'x'",
  "'%s' % me.name",
  "2 ** 8",
  "abs(-3)",
  "len(ops('a*'))",
  "tdu.builtins.eval('1')",
  "tdu.shlex.os.replace('a', 'b')",
  "__import__('os')",
  "me.__class__",
  "me.storage",
  "op('a').module",
  "getattr(me, 'x')",
  "lambda: 1",
  "[x for x in range(3)]",
  "2 ** absTime.frame",
  "'ab' * 3",
  "math",
  "me.par.tx.eval().real",
  "op('a').par.speed.eval()[0]",
  "1 << 3",
  "ops('a')[0].name",
  "iop.foo",
  "ipar.foo.eval()",
  "parent.foo",
  "min(1, 2)",
  "print('x')",
  "{1, 2}",
  "(yield)",
  "me.time.frame if True else me.storage",
];

const TEXTS = [
  "a\tb\n1\t2\n",
  "true\nfalse\nnull\n",
  "speed\nimport os\n",
  "x = 1\n",
  "def f():\n    return 1\n",
  "hello world, not python at all {\n",
  "me.name\nop('a').par.speed\n",
  "a\t__import__('os')\n",
  "print(1)\n",
];

/** The bridge's verdicts, from its own checker in a python3 process. */
function bridgeVerdicts(kind: "expression" | "text", items: string[]): boolean[] {
  const script = `
import json, sys
sys.path.insert(0, "bridge/svc_bridge")
import safe_python
out = []
for item in json.load(sys.stdin):
    try:
        (safe_python.check_expression if sys.argv[1] == "expression" else safe_python.check_data_text)(item)
        out.append(True)
    except safe_python.Unsafe:
        out.append(False)
print(json.dumps(out))
`;
  return JSON.parse(execFileSync("python3", ["-c", script, kind], { input: JSON.stringify(items) }).toString());
}

beforeAll(() => loadPythonGrammar());

describe("svc check and the bridge agree", () => {
  it("on expressions", () => {
    const bridge = bridgeVerdicts("expression", EXPRESSIONS);
    const check = EXPRESSIONS.map((e) => unsafeExpression(e) === undefined);
    expect(EXPRESSIONS.filter((_, i) => bridge[i] !== check[i])).toEqual([]);
    // Both sides refuse something and admit something: the list exercises the grammar.
    expect(check.filter(Boolean).length).toBeGreaterThan(10);
    expect(check.filter((ok) => !ok).length).toBeGreaterThan(10);
  });

  it("on DAT text", () => {
    const bridge = bridgeVerdicts("text", TEXTS);
    const check = TEXTS.map((t) => unsafeModule(t) === undefined);
    expect(TEXTS.filter((_, i) => bridge[i] !== check[i])).toEqual([]);
  });
});

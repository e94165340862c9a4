// Knowledge-base lookup speed: the first lookup in a fresh process, then warm lookups.
// usage: npx tsc -p tsconfig.build.json && node bench/kb.bench.mjs [--runs N]
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { dirname, join } from "node:path";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const built = join(root, "dist", "kb", "index.js");

async function child() {
  const t0 = performance.now();
  const kb = await import(pathToFileURL(built).href);
  const tImport = performance.now() - t0;
  const t1 = performance.now();
  const first = kb.getOperator("noiseTOP");
  const tFirst = performance.now() - t1;
  if (!first) throw new Error("noiseTOP not found");
  const t2 = performance.now();
  kb.getOperator("mathCHOP");
  const tOtherFamily = performance.now() - t2;

  // Warm: one op per family already loaded, then many lookups across all families.
  for (const f of kb.FAMILIES) kb.listFamily(f);
  const types = kb.allOperatorEntries().map((e) => e.type);
  const warm = (fn, n) => {
    const start = performance.now();
    for (let i = 0; i < n; i++) fn(i);
    return (performance.now() - start) / n;
  };
  const results = {
    importMs: tImport,
    firstLookupMs: tFirst,
    firstLookupOtherFamilyMs: tOtherFamily,
    warmGetOperatorMs: warm((i) => kb.getOperator(types[i % types.length]), 20000),
    warmGetOperatorByLabelMs: warm((i) => kb.getOperator(i % 2 ? "Noise TOP" : "movie file in"), 20000),
    warmGetParamMs: warm((i) => kb.getParam("noiseTOP", i % 2 ? "resolutionw" : "period"), 20000),
    warmValidateMs: warm((i) => kb.validateValue("noiseTOP", "resolution", [i + 1, 720]), 20000),
    searchMs: warm((i) => kb.searchOperators(i % 2 ? "feedbak top" : "audio spectrum", { limit: 5 }), 200),
    closestParametersMs: warm(() => kb.closestParameters("noiseTOP", "perod", 3), 2000),
  };
  process.stdout.write(JSON.stringify(results));
}

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function parent() {
  if (!existsSync(built)) {
    console.error("kb bench: build first (npx tsc -p tsconfig.build.json)");
    process.exit(2);
  }
  const i = process.argv.indexOf("--runs");
  const runs = i > 0 ? Number(process.argv[i + 1]) : 5;
  const samples = [];
  for (let r = 0; r < runs; r++) {
    const out = spawnSync(process.execPath, [fileURLToPath(import.meta.url), "--child"], { encoding: "utf8" });
    if (out.status !== 0) {
      console.error(out.stderr);
      process.exit(1);
    }
    samples.push(JSON.parse(out.stdout));
  }
  console.log(`kb bench: median of ${runs} fresh processes (ms)`);
  for (const key of Object.keys(samples[0])) {
    console.log(`  ${key.padEnd(28)} ${median(samples.map((s) => s[key])).toFixed(4)}`);
  }
}

if (process.argv.includes("--child")) await child();
else parent();

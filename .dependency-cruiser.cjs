/**
 * The import rules of svc's TypeScript, held by `npm test` (scripts/static-checks.mjs runs
 * `npx depcruise grammar compiler diagnostics kb runtime editors/vscode/src`). The layers, bottom up:
 * diagnostics <- kb, grammar <- compiler <- runtime. Inside runtime the engine (runtime/engine/) is the
 * loop every front end and subsystem runs; it imports no one of them, and they reach it through its door.
 * runtime/README.md draws the same map in words.
 */
// runtime/atomic-write.ts is a leaf (it imports nothing of svc): the engine writes its journal through it.
const ENGINE_MAY_IMPORT = "^(runtime/engine/|runtime/atomic-write\\.ts$|compiler/|grammar/|diagnostics/|kb/)";

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "No module imports itself back through others, type-only imports counted.",
      from: {},
      to: { circular: true },
    },
    {
      name: "diagnostics-is-the-bottom",
      severity: "error",
      comment: "The diagnostics catalog imports none of svc's other folders.",
      from: { path: "^diagnostics/" },
      to: { path: "^(grammar|compiler|kb|runtime|editors)/" },
    },
    {
      name: "kb-below-the-language",
      severity: "error",
      comment: "The knowledge base knows operators, not the language: it imports only diagnostics.",
      from: { path: "^kb/" },
      to: { path: "^(grammar|compiler|runtime|editors)/" },
    },
    {
      name: "grammar-below-the-compiler",
      severity: "error",
      comment: "The grammar parses and prints; it never imports what checks or runs it.",
      from: { path: "^grammar/" },
      to: { path: "^(compiler|kb|runtime|editors)/" },
    },
    {
      name: "compiler-below-the-runtime",
      severity: "error",
      comment: "The compiler is a function of text and the kb: it imports nothing of the runtime.",
      from: { path: "^compiler/" },
      to: { path: "^(runtime|editors)/" },
    },
    {
      name: "engine-imports-no-front-end-or-subsystem",
      severity: "error",
      comment:
        "runtime/engine/ imports only itself, the atomic writer and the layers below (compiler, grammar, diagnostics, kb): no front " +
        "end (cli, mcp, lsp, chat, copilot) and no optional subsystem (runtime/engine/README.md).",
      from: { path: "^runtime/engine/" },
      to: { pathNot: ENGINE_MAY_IMPORT, dependencyTypesNot: ["core", "npm", "npm-dev", "npm-optional", "npm-peer"] },
    },
    {
      name: "engine-through-its-door",
      severity: "error",
      comment: "Outside the engine, code imports it through runtime/engine/index.ts only (tests may reach behind it).",
      from: { path: "^runtime/", pathNot: "^runtime/engine/" },
      to: { path: "^runtime/engine/", pathNot: "^runtime/engine/index\\.ts$" },
    },
    {
      name: "shipped-code-imports-no-test",
      severity: "error",
      comment: "Shipped code never imports a test, a benchmark or a script.",
      from: { path: "^(grammar|compiler|diagnostics|kb|runtime|editors)/" },
      to: { path: "^(test|bench|scripts)/" },
    },
    {
      name: "no-unresolvable",
      severity: "error",
      comment: "Every relative import names a file that exists.",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(dist|out|node_modules)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};

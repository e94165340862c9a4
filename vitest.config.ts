import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // End-to-end suites start tdsim processes and spawn the CLI: a test file spends much of its time
    // waiting on another process, so two files at a time keep a 2-core machine busy (vitest's default
    // there is one). Each file still runs alone in its own fork, isolated from the others.
    pool: "forks",
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Far above any test's real duration on a busy machine: a timeout catches a hang, never slowness.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});

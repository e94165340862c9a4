import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // End-to-end suites start tdsim processes; keep them from starving each other on small machines.
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

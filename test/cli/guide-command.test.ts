import { describe, expect, it } from "vitest";
import { runSvc } from "./run-cli.js";

// `svc kb search` lists guides by kind and name; `svc guide` reads them, however the name is copied.
describe("svc guide", () => {
  it("reads every guide that svc kb search lists, by the name it prints", async () => {
    const search = await runSvc(["kb", "search", "feedback"]);
    expect(search.code).toBe(0);
    const listed = [...search.stdout.matchAll(/^  (\S+) (\S+) — (.+) \((svc:\/\/\S+)\)$/gm)];
    expect(listed.length).toBeGreaterThan(3);
    expect(search.stdout).toContain("read one: svc guide <name>");
    for (const [, kind, name, title] of listed) {
      const byName = await runSvc(["guide", kind!, name!]);
      expect(byName.code, `${kind} ${name}: ${byName.stderr}`).toBe(0);
      expect(byName.stdout.split("\n")[0]).toContain(title!.slice(0, 20));
    }
  });

  it("prints a tutorial's steps in order and what to read next as commands", async () => {
    const r = await runSvc(["guide", "feedback-basics"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Feedback loops \(tutorial, intermediate\)/);
    expect(r.stdout).toMatch(/\n1\. .+\n2\. .+\n3\. /);
    expect(r.stdout).toContain("svc guide feedback-reset");
    expect(r.stdout).toContain("(svc://tutorials/feedback-basics over MCP)");
  });

  it("takes the svc:// address too, and prints a pattern with its .svcnet", async () => {
    const r = await runSvc(["guide", "svc://patterns/feedback-reset"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Resettable feedback \(pattern, feedback\)/);
    expect(r.stdout).toMatch(/as \.svcnet:\n(.|\n)*network /);
  });

  it("says what a mistyped name most likely is, and exits 1", async () => {
    const r = await runSvc(["guide", "feedbak-basic"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("did you mean tutorial feedback-basics?");
  });

  it("refuses a kind that does not exist as a usage error", async () => {
    const r = await runSvc(["guide", "--kind", "tutorials", "feedback-basics"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--kind must be one of tutorial, pattern");
  });

  it("lists the guides by kind with no name", async () => {
    const r = await runSvc(["guide"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^tutorial \(\d+\):\n  first-network — /);
    expect(r.stdout).toMatch(/\npattern \(\d+\):\n/);
  });
});

import { describe, expect, it } from "vitest";
import { linkedNodes, splitFrontMatter, withLinkedNode } from "../../runtime/vault/front-matter.js";

describe("note front matter", () => {
  it("adds front matter naming the node to a note that has none, and takes it away with the last link", () => {
    const note = "# Tunnel\nbody\n";
    const linked = withLinkedNode("a.md", note, "/project1/tunnel");
    expect(linked).toBe("---\nnodes:\n  - /project1/tunnel\n---\n# Tunnel\nbody\n");
    expect(splitFrontMatter(linked).bodyLine).toBe(5);
    const two = withLinkedNode("a.md", linked, "/project1/other");
    expect(linkedNodes("a.md", two)).toEqual(["/project1/tunnel", "/project1/other"]);
    expect(withLinkedNode("a.md", two, "/project1/tunnel")).toBe(two);
    expect(withLinkedNode("a.md", withLinkedNode("a.md", two, "/project1/other", true), "/project1/tunnel", true)).toBe(
      note,
    );
  });

  it("keeps the artist's keys and comments, and reads a single node given as a string", () => {
    const note = "---\ntitle: Hi # keep me\nnodes: /project1/x\n---\nbody\n";
    expect(linkedNodes("a.md", note)).toEqual(["/project1/x"]);
    const out = withLinkedNode("a.md", note, "/project1/y");
    expect(out).toContain("title: Hi # keep me");
    expect(linkedNodes("a.md", out)).toEqual(["/project1/x", "/project1/y"]);
    expect(out.endsWith("---\nbody\n")).toBe(true);
  });

  it("refuses front matter that is not YAML, naming the note's line", () => {
    expect(() => withLinkedNode("a.md", "---\ntitle: ok\nnodes: [\n---\nx", "/p")).toThrow(
      expect.objectContaining({ code: "vault-front-matter-invalid" }),
    );
    expect(() => linkedNodes("a.md", "---\n- a\n- b\n---\nx")).toThrow(/not a mapping/);
  });
});

import { describe, expect, it } from "vitest";
import {
  cutPieces,
  pieceDigest,
  readRecord,
  recordStoreOperations,
  storedRecord,
} from "../../runtime/engine/plan/record-pieces.js";
import { stateToJson, type StoredState } from "../../runtime/engine/plan/stored-state.js";

const record = (comment: string): StoredState => ({
  state: {
    root: "/p/net",
    nodes: new Map([
      [
        "/p/net/a",
        { path: "/p/net/a", type: "noiseTOP", params: {}, flags: {}, tags: ["svc"], position: { x: 0, y: 0 }, comment },
      ],
    ]),
    wires: [],
  },
  source: { file: "net.svcnet", text: "x".repeat(40_000) },
  appliedAt: "2026-01-01T00:00:00.000Z",
});

/** What the bridge's state read gives back for the store operations, as pieces with their text. */
function readBack(ops: ReturnType<typeof recordStoreOperations>, storage = new Map<string, unknown>()) {
  for (const op of ops)
    if (op.value === null) storage.delete(op.key as string);
    else storage.set(op.key as string, op.value);
  const head = storage.get("svc_applied") as { pieces: string[] };
  const pieces = head.pieces.map((key) =>
    storage.has(key)
      ? { key, present: true, digest: pieceDigest(storage.get(key) as string), text: storage.get(key) as string }
      : { key, present: false },
  );
  return { storage, stored: { present: true, value: head, pieces } };
}

describe("svc's record in pieces", () => {
  it("never cuts between the halves of a surrogate pair", () => {
    const text = "ab\u{1F600}cd\u{1F600}";
    for (const size of [1, 2, 3, 4]) {
      const pieces = cutPieces(text, Math.max(size, 2));
      expect(pieces.join("")).toBe(text);
      for (const p of pieces) expect(() => encodeURIComponent(p)).not.toThrow();
    }
  });

  it("is read back whole, writes only new pieces, and removes the ones no longer named", () => {
    const first = recordStoreOperations("/p/net", "svc_applied", record("one"));
    expect(first.filter((o) => o.key !== "svc_applied").length).toBeGreaterThanOrEqual(3);
    const { storage, stored } = readBack(first);
    const read = storedRecord(stored)!;
    expect(stateToJson(read)).toEqual(stateToJson(record("one")));
    expect(read.pieceKeys).toEqual((stored.value as { pieces: string[] }).pieces);

    const second = recordStoreOperations("/p/net", "svc_applied", record("two"), read.pieceKeys);
    const written = second.filter((o) => o.value !== null && o.key !== "svc_applied").map((o) => o.key);
    const removed = second.filter((o) => o.value === null).map((o) => o.key);
    expect(written.length).toBe(1);
    expect(removed.length).toBe(1);
    const again = readBack(second, storage);
    expect([...again.storage.keys()].sort()).toEqual(
      ["svc_applied", ...(again.stored.value as { pieces: string[] }).pieces].sort(),
    );
    expect(storedRecord(again.stored)!.state.nodes.get("/p/net/a")!.comment).toBe("two");
  });

  it("is no record but damage when a piece is missing or changed, and an older whole record still reads", () => {
    const { stored } = readBack(recordStoreOperations("/p/net", "svc_applied", record("one")));
    expect(
      storedRecord({ ...stored, pieces: stored.pieces.map((p, i) => (i === 1 ? { key: p.key, present: false } : p)) }),
    ).toBeUndefined();
    const keys = stored.pieces.map((p) => p.key);
    const changed = readRecord({
      ...stored,
      pieces: stored.pieces.map((p, i) => (i === 0 ? { ...p, text: "{}" } : p)),
    });
    expect(changed).toEqual({ record: undefined, damage: { missing: [], corrupt: [keys[0]], intact: keys.slice(1) } });
    const joined = JSON.stringify({ not: "a record" });
    const odd = readRecord({
      present: true,
      value: { pieces: ["svc_applied." + pieceDigest(joined)] },
      pieces: [{ key: "svc_applied." + pieceDigest(joined), present: true, text: joined }],
    });
    expect(odd.damage?.unreadable).toBe("the joined pieces are not an svc record");
    expect(
      storedRecord({ present: true, value: stateToJson(record("old")) })!.state.nodes.get("/p/net/a")!.comment,
    ).toBe("old");
  });
});

import { describe, expect, it } from "vitest";
import { SessionStore, type SessionEndReason } from "../../runtime/mcp/transports/session-store.js";

function setup(maxSessions = 2, idleMs = 1000) {
  let now = 0;
  const ended: [string, SessionEndReason][] = [];
  const closed: string[] = [];
  const store = new SessionStore({ idleMs, maxSessions, now: () => now, onEnd: (id, why) => ended.push([id, why]) });
  const open = async (id: string) => {
    const room = await store.makeRoom();
    if (!room.ok) return room;
    store.add(id, { close: async () => void closed.push(id) });
    return room;
  };
  return { store, open, ended, closed, advance: (ms: number) => (now += ms) };
}

describe("session store", () => {
  it("closes a session idle past the limit, but not one with a request in flight", async () => {
    const { store, open, advance, closed, ended } = setup(4, 1000);
    await open("a");
    await open("b");
    const finish = store.begin(store.get("b")!);
    advance(1500);
    expect(await store.sweep()).toEqual(["a"]);
    expect(closed).toEqual(["a"]);
    expect(ended).toEqual([["a", "expired"]]);
    finish();
    advance(999);
    expect(store.get("b")).toBeDefined();
    advance(2);
    // A request arriving after the limit finds the session gone even before a sweep.
    expect(store.get("b")).toBeUndefined();
    expect(store.size).toBe(0);
  });

  it("at capacity evicts the longest-idle session, skipping busy ones", async () => {
    const { store, open, advance, ended } = setup(2);
    await open("old");
    advance(10);
    await open("new");
    advance(10);
    store.begin(store.get("old")!); // old is now busy and most recently active
    const room = await open("third");
    expect(room).toEqual({ ok: true, evicted: "new" });
    expect(store.ids().sort()).toEqual(["old", "third"]);
    expect(ended).toEqual([["new", "evicted"]]);
  });

  it("refuses a new session when every session is busy", async () => {
    const { store, open } = setup(2);
    await open("a");
    await open("b");
    store.begin(store.get("a")!);
    store.begin(store.get("b")!);
    expect(await open("c")).toEqual({ ok: false });
    expect(store.size).toBe(2);
  });

  it("counts an admitted initialize until it is added or released", async () => {
    const { store } = setup(1);
    expect((await store.makeRoom()).ok).toBe(true);
    expect((await store.makeRoom()).ok).toBe(false);
    store.release();
    expect((await store.makeRoom()).ok).toBe(true);
  });

  it("forgets a session that closed by itself, once", async () => {
    const { store, open, ended } = setup();
    await open("a");
    store.forget("a");
    store.forget("a");
    expect(ended).toEqual([["a", "closed"]]);
    expect(store.get("a")).toBeUndefined();
  });
});

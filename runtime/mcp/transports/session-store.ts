/**
 * The live sessions of the HTTP transport, with the two bounds that keep a long-running server
 * from growing without end:
 *
 * - Idle expiry: a session with no request for `idleMs` is closed (a sweep runs every quarter of
 *   that, and a request for an expired session finds it gone even before the sweep).
 * - Capacity: at most `maxSessions`. A new session at capacity evicts the session that has been
 *   idle longest; sessions with a request in flight are never evicted, and when every session is
 *   busy the new one is refused (the HTTP layer answers 503). Evicting rather than refusing keeps
 *   a single user working after clients that vanished without closing their sessions.
 */
export interface SessionHandle {
  /** Ends the session's transport and server; the store forgets it first. */
  close(): Promise<void>;
}

export interface SessionRecord<H extends SessionHandle> {
  id: string;
  handle: H;
  lastActive: number;
  /** Requests of this session still being answered. */
  inFlight: number;
}

export interface SessionStoreOptions {
  idleMs: number;
  maxSessions: number;
  now?: () => number;
  /** Told about every session that ends, and why. */
  onEnd?: (id: string, reason: SessionEndReason) => void;
}

export type SessionEndReason = "closed" | "expired" | "evicted" | "shutdown";

export type RoomResult = { ok: true; evicted?: string } | { ok: false };

export class SessionStore<H extends SessionHandle> {
  private readonly sessions = new Map<string, SessionRecord<H>>();
  /** Initialize requests admitted but not yet given an id: they hold a place too. */
  private pending = 0;
  private readonly now: () => number;

  constructor(private readonly options: SessionStoreOptions) {
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.sessions.size;
  }

  ids(): string[] {
    return [...this.sessions.keys()];
  }

  /** The live session with this id, or undefined when unknown or expired (an expired one is closed). */
  get(id: string): SessionRecord<H> | undefined {
    const record = this.sessions.get(id);
    if (!record) return undefined;
    if (this.isExpired(record, this.now())) {
      void this.end(record, "expired");
      return undefined;
    }
    return record;
  }

  /** Counts as activity without holding the session busy: the long-lived GET event stream. */
  touch(record: SessionRecord<H>): void {
    record.lastActive = this.now();
  }

  /** Marks the start of a request; call the returned function when its response is finished. */
  begin(record: SessionRecord<H>): () => void {
    record.inFlight++;
    record.lastActive = this.now();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      record.inFlight--;
      record.lastActive = this.now();
    };
  }

  /**
   * Makes a place for a new session: free, or by evicting the longest-idle session with nothing in
   * flight. A successful call holds the place until `add` or `release`.
   */
  async makeRoom(): Promise<RoomResult> {
    if (this.sessions.size + this.pending < this.options.maxSessions) {
      this.pending++;
      return { ok: true };
    }
    let victim: SessionRecord<H> | undefined;
    for (const record of this.sessions.values()) {
      if (record.inFlight > 0) continue;
      if (!victim || record.lastActive < victim.lastActive) victim = record;
    }
    if (!victim) return { ok: false };
    this.pending++;
    await this.end(victim, "evicted");
    return { ok: true, evicted: victim.id };
  }

  /** Gives back a place taken by `makeRoom` when the initialize request did not create a session. */
  release(): void {
    if (this.pending > 0) this.pending--;
  }

  /** Records the new session in the place `makeRoom` held. */
  add(id: string, handle: H): SessionRecord<H> {
    this.release();
    const record: SessionRecord<H> = { id, handle, lastActive: this.now(), inFlight: 0 };
    this.sessions.set(id, record);
    return record;
  }

  /** Forgets a session that closed by itself (DELETE, transport closed). */
  forget(id: string): void {
    if (this.sessions.delete(id)) this.options.onEnd?.(id, "closed");
  }

  /** Closes every session idle for longer than the limit; returns their ids. */
  async sweep(): Promise<string[]> {
    const now = this.now();
    const expired = [...this.sessions.values()].filter((r) => this.isExpired(r, now));
    await Promise.all(expired.map((r) => this.end(r, "expired")));
    return expired.map((r) => r.id);
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.sessions.values()].map((r) => this.end(r, "shutdown")));
  }

  private isExpired(record: SessionRecord<H>, now: number): boolean {
    return record.inFlight === 0 && now - record.lastActive > this.options.idleMs;
  }

  private async end(record: SessionRecord<H>, reason: SessionEndReason): Promise<void> {
    if (this.sessions.get(record.id) !== record) return;
    this.sessions.delete(record.id);
    this.options.onEnd?.(record.id, reason);
    try {
      await record.handle.close();
    } catch {
      // A transport that fails to close is gone from the store all the same.
    }
  }
}

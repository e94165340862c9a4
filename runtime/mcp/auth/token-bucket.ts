/**
 * Continuously refilling buckets for client registration. A bucket holds up to `capacity` units
 * and regains `perMinute` units a minute, a fraction at a time (not a window that resets), so a
 * flood is cut off at the burst and then admitted at the steady rate, never in waves.
 */
export interface BucketRate {
  /** Units regained a minute; the bucket holds one minute's worth. */
  perMinute: number;
}

export class TokenBucket {
  private level: number;
  private updatedAt: number;

  constructor(
    private readonly rate: BucketRate,
    private readonly now: () => number,
  ) {
    this.level = rate.perMinute;
    this.updatedAt = now();
  }

  private refill(): void {
    const t = this.now();
    this.level = Math.min(this.rate.perMinute, this.level + ((t - this.updatedAt) / 60_000) * this.rate.perMinute);
    this.updatedAt = t;
  }

  /** True when a unit is there now (and takes it). */
  canTake(): boolean {
    this.refill();
    return this.level >= 1;
  }

  take(): void {
    this.level -= 1;
  }

  /** Whole seconds until a unit is there. */
  secondsUntilNext(): number {
    this.refill();
    return this.level >= 1 ? 0 : Math.ceil(((1 - this.level) * 60) / this.rate.perMinute);
  }

  /** Back at capacity: equivalent to a bucket never used, so it can be forgotten. */
  isFull(): boolean {
    this.refill();
    return this.level >= this.rate.perMinute;
  }
}

/**
 * One bucket per source (the client address a trusted proxy reports), under a separate global
 * ceiling that all sources share. At most `maxSources` buckets are kept; full ones are forgotten
 * first, and when every kept bucket is still draining a new source is refused.
 */
export class SourceBuckets {
  private readonly buckets = new Map<string, TokenBucket>();
  private readonly ceiling: TokenBucket;

  constructor(
    private readonly perSource: BucketRate,
    ceiling: BucketRate,
    private readonly now: () => number,
    private readonly maxSources = 4096,
  ) {
    this.ceiling = new TokenBucket(ceiling, now);
  }

  /** 0 when admitted (a unit taken from both), else the seconds to wait. */
  admit(source: string): number {
    let bucket = this.buckets.get(source);
    if (!bucket) {
      if (this.buckets.size >= this.maxSources) {
        for (const [key, b] of this.buckets) if (b.isFull()) this.buckets.delete(key);
      }
      if (this.buckets.size >= this.maxSources) return 60;
      bucket = new TokenBucket(this.perSource, this.now);
      this.buckets.set(source, bucket);
    }
    if (!bucket.canTake()) return bucket.secondsUntilNext();
    if (!this.ceiling.canTake()) return this.ceiling.secondsUntilNext();
    bucket.take();
    this.ceiling.take();
    return 0;
  }
}

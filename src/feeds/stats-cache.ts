/**
 * The aggregates cache: entries live up to ttlMs, and at most maxEntries are kept, because
 * the cuisine narrowing is free text and every distinct value would otherwise stay in
 * memory for good. When full, expired entries go first, then the oldest.
 */
export class ExpiringCache<T> {
  private readonly entries = new Map<string, { value: T; expiresAt: number }>();

  constructor(private readonly ttlMs: number, private readonly maxEntries: number, private readonly now: () => number = () => Date.now()) {}

  get size(): number {
    return this.entries.size;
  }

  /** The fresh entry for key, computing (and keeping) it when absent or expired. */
  async get(key: string, compute: () => Promise<T>): Promise<{ value: T; expiresAt: number }> {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > this.now()) return hit;
    const value = await compute();
    const entry = { value, expiresAt: this.now() + this.ttlMs };
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.evict();
    this.entries.set(key, entry);
    return entry;
  }

  private evict(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
    // Map order is insertion order: the first key is the oldest entry.
    while (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }
}

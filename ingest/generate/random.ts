/** A small seeded PRNG (mulberry32): the same seed gives the same file on any machine. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0 || 0x9e3779b9;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Items with relative weights: [[item, weight], ...]. */
  weighted<T>(items: ReadonlyArray<readonly [T, number]>): T {
    const total = items.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [item, weight] of items) {
      roll -= weight;
      if (roll < 0) return item;
    }
    return items[items.length - 1][0];
  }

  /** Distinct items, `count` of them at most. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const chosen: T[] = [];
    while (chosen.length < count && pool.length) chosen.push(pool.splice(Math.floor(this.next() * pool.length), 1)[0]);
    return chosen;
  }
}

/**
 * Items with relative weights, drawn in O(log n) (Random.weighted walks the list: fine for a
 * few dozen items, not for the thousands of words of a learned vocabulary).
 */
export class WeightedTable<T> {
  private readonly items: T[] = [];
  private readonly cumulative: number[] = [];

  constructor(entries: Iterable<readonly [T, number]>) {
    let total = 0;
    for (const [item, weight] of entries) {
      if (!(weight > 0)) continue;
      total += weight;
      this.items.push(item);
      this.cumulative.push(total);
    }
  }

  get size(): number {
    return this.items.length;
  }

  draw(random: Random): T {
    if (!this.items.length) throw new Error('draw from an empty table');
    const roll = random.next() * this.cumulative[this.cumulative.length - 1];
    let low = 0;
    let high = this.cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.cumulative[middle] > roll) high = middle;
      else low = middle + 1;
    }
    return this.items[low];
  }
}

/** Counts of what was seen, in first-seen order (so a table built from them is the same on every run). */
export function countsOf<T>(items: Iterable<T>): Map<T, number> {
  const counts = new Map<T, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return counts;
}

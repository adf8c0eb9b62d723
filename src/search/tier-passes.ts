/**
 * The typeaheads' passes of score tiers (restaurants, contractors): every tier of a later pass
 * ranks below every tier of an earlier one, so a later pass only fills the room the earlier
 * ones left, and the answer is that of one query over all tiers.
 *
 * Each pass asks for the whole limit and the items an earlier pass found are dropped here: its
 * first `room` others are then what it would answer with those excluded in the query (an
 * exclusion by ids cost Elasticsearch about a quarter of a second pass's query time), and the
 * passes may run at once with the same answer.
 */

/** A pass's search, asked for the whole limit; null when the pass has no tier for the query. */
export type TierPassSearch<Item> = (() => Promise<Item[]>) | null;

/**
 * `sequential`: a pass runs only while the earlier ones left room (the cheapest in
 * Elasticsearch). `concurrent`: every pass at once, one answer time instead of their sum, at
 * the cost of the later passes an earlier full list made useless.
 */
export type PassSchedule = 'sequential' | 'concurrent';

export async function fillFromPasses<Item>(limit: number, passes: Array<TierPassSearch<Item>>, keyOf: (item: Item) => string, schedule: PassSchedule = 'sequential'): Promise<Item[]> {
  const searches = passes.filter((pass): pass is () => Promise<Item[]> => pass !== null);
  const found: Item[] = [];
  const add = (items: Item[]) => {
    const seen = new Set(found.map(keyOf));
    found.push(...items.filter((item) => !seen.has(keyOf(item))).slice(0, limit - found.length));
  };
  if (schedule === 'concurrent') {
    for (const items of await Promise.all(searches.map((search) => search()))) add(items);
    return found;
  }
  for (const search of searches) {
    if (found.length >= limit) break;
    add(await search());
  }
  return found;
}

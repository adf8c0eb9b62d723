import { Random } from '../ingest/generate/random';
import { asTyped, interleaved, keystrokes, placeFor, typeaheadTraffic, withTypo, type NamedPlace } from './typeahead-traffic';

/** Run with `npx jest --roots '<rootDir>/bench' -- bench/typeahead-traffic.test.ts`. */

const chain = (name: string, establishments: number): NamedPlace => ({ name, establishments, borough: 'Brooklyn', zip: '11211' });

describe('typeahead traffic', () => {
  const names: NamedPlace[] = [chain("DUNKIN'", 400), chain('GOLDEN KRUST CARIBBEAN BAKERY & GRILL', 60), ...Array.from({ length: 3000 }, (_, k) => chain(`PLACE NUMBER ${k} KITCHEN LLC`, 1))];

  it('types names letter by letter from the second character, one request per keystroke', () => {
    // One person at a time, so each search's keystrokes are adjacent.
    const queries = typeaheadTraffic(names, { count: 5000, seed: 1, typists: 1 });
    expect(queries).toHaveLength(5000);
    expect(queries.every((q) => q.trim().length >= 2)).toBe(true);
    // Most requests extend the one before by a letter (the same person typing on).
    const extending = queries.slice(1).filter((q, k) => q.length === queries[k].length + 1 && q.startsWith(queries[k])).length;
    expect(extending / queries.length).toBeGreaterThan(0.75);
    // Searches start at two characters.
    const starts = queries.filter((q, k) => k === 0 || !(q.length === queries[k - 1].length + 1 && q.startsWith(queries[k - 1])));
    expect(starts.filter((q) => q.length === 2).length / starts.length).toBeGreaterThan(0.9);
    expect(typeaheadTraffic(names, { count: 300, seed: 1, typists: 1 })).toEqual(queries.slice(0, 300));
    expect(typeaheadTraffic(names, { count: 300, seed: 2, typists: 1 })).not.toEqual(queries.slice(0, 300));
  });

  it('interleaves people typing at once, each search in order, until the searches run out', () => {
    const searches = Array.from({ length: 100 }, (_, k) => Array.from({ length: 5 }, (_, n) => `s${k} ${n}`));
    let next = 0;
    const sent = interleaved(() => searches[next++], 10, 10_000, new Random(1));
    expect(sent).toHaveLength(500);
    // Every keystroke once, each person's in the order typed.
    expect([...sent].sort()).toEqual(searches.flat().sort());
    for (const keys of searches) expect(sent.filter((q) => keys.includes(q))).toEqual(keys);
    // 10 people typing at once (a search started and not finished) until the searches run out.
    let typing = 0;
    let most = 0;
    for (const q of sent) {
      if (q.endsWith(' 0')) typing += 1;
      most = Math.max(most, typing);
      if (q.endsWith(' 4')) typing -= 1;
    }
    expect(most).toBe(10);
    // Adjacent requests are mostly different people's.
    const adjacentSame = sent.slice(1).filter((q, i) => q.split(' ')[0] === sent[i].split(' ')[0]).length;
    expect(adjacentSame / sent.length).toBeLessThan(0.3);
  });

  it('draws popular names far more often, and most names seldom', () => {
    const queries = typeaheadTraffic(names, { count: 20_000, seed: 3 });
    const searchesOf = (start: string) => queries.filter((q) => q === start).length;
    // Two-letter starts count searches: "du" is the largest chain (rank 1 of 3,002 names: about
    // 1.6% of some 2,000 searches), more than all but a handful of the 3,000 one-offs together get.
    expect(searchesOf('du')).toBeGreaterThan(10);
    expect(searchesOf('pl')).toBeGreaterThan(searchesOf('du'));
    const oneOffs = new Set(queries.filter((q) => /^place number \d+ /.test(q)).map((q) => q.split(' ')[2]));
    expect(oneOffs.size).toBeGreaterThan(200); // a long tail is searched too
    expect(oneOffs.size).toBeLessThan(3000);
  });

  it('leaves out what people do not type, and makes their typos and place suffixes', () => {
    const random = new Random(5);
    expect(asTyped('PLACE NUMBER 7 KITCHEN LLC', random)).toBe('place number 7 kitchen');
    expect(['joes pizza', "joe's pizza"]).toContain(asTyped("JOE'S PIZZA INC.", random));
    expect(asTyped('STARBUCKS COFFEE #48170', random)).toBe('starbucks coffee');
    const typos = Array.from({ length: 400 }, () => withTypo('golden krust', random));
    expect(typos.filter((typo) => typo !== 'golden krust').length).toBeGreaterThan(350);
    expect(typos.some((typo) => typo[0] !== 'g')).toBe(true); // the first letter too
    const suffixes = new Set(Array.from({ length: 200 }, () => placeFor(chain('X', 1), random)));
    expect(suffixes).toContain('bk');
    expect(suffixes).toContain('11211');
    expect(suffixes).toContain('williamsburg');
    const withPlaces = typeaheadTraffic(names, { count: 20_000, seed: 4 });
    // The whole name, then the place letter by letter.
    const scoped = withPlaces.filter((q) => q.startsWith("dunkin ") || q.startsWith("dunkin' "));
    expect(scoped.length).toBeGreaterThan(2);
    expect(scoped.some((q) => /^dunkin'? (b|bk|br|11|wi)/.test(q))).toBe(true);
  });

  it('stops where people stop: a third or so type the whole name', () => {
    const random = new Random(6);
    const ends = Array.from({ length: 1000 }, () => keystrokes('golden krust bakery', random).at(-1));
    const whole = ends.filter((end) => end === 'golden krust bakery').length / ends.length;
    expect(whole).toBeGreaterThan(0.3);
    expect(whole).toBeLessThan(0.5);
    expect(ends.every((end) => end!.length >= 3)).toBe(true);
  });
});

import { PassThrough } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { boroughForZip as boroughFromZip, normalizeCoordinates } from '../../src/nyc';
import { nycDataPresent } from '../../src/nyc/testing/shared-data';
import { PORTAL_HEADER } from './csv-writer';
import { learnVocabulary, restaurantVocabulary, shippedVocabulary, type RestaurantVocabulary } from './restaurant-names';
import { generateRestaurants } from './restaurants';

async function generate(establishments: number, seed: number, vocabulary?: RestaurantVocabulary): Promise<string> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await generateRestaurants(out, { establishments, seed, vocabulary });
  out.end();
  return Buffer.concat(chunks).toString('utf8');
}

describe('restaurant generator', () => {
  it('is deterministic for a seed and different across seeds', async () => {
    expect(await generate(50, 3)).toBe(await generate(50, 3));
    expect(await generate(50, 3)).not.toBe(await generate(50, 4));
  });

  it('writes the portal export format with realistic distributions', async () => {
    const rows: Array<Record<string, string>> = parse(await generate(800, 9), { columns: true });
    expect(Object.keys(rows[0])).toEqual([...PORTAL_HEADER]);
    const byCamis = new Map<string, Array<Record<string, string>>>();
    for (const row of rows) byCamis.set(row.CAMIS, [...(byCamis.get(row.CAMIS) ?? []), row]);
    expect(byCamis.size).toBe(800);
    const perEstablishment = rows.length / byCamis.size;
    expect(perEstablishment).toBeGreaterThan(8);
    expect(perEstablishment).toBeLessThan(13);
    const names = rows.map((row) => row.DBA);
    expect(names.some((name) => name.includes("'"))).toBe(true);
    expect(names.some((name) => name.includes('&'))).toBe(true);
    const nameCounts = new Map<string, number>();
    for (const [, establishment] of byCamis) nameCounts.set(establishment[0].DBA, (nameCounts.get(establishment[0].DBA) ?? 0) + 1);
    expect(Math.max(...nameCounts.values())).toBeGreaterThan(5); // chains
    expect(new Set(rows.map((row) => row.BORO))).toEqual(new Set(['Manhattan', 'Brooklyn', 'Queens', 'Bronx', 'Staten Island']));
    for (const row of rows) expect(boroughFromZip(row.ZIPCODE)).toBe(row.BORO);
    const geocoded = rows.filter((row) => row.Latitude !== '' && row.Latitude !== '0');
    for (const row of geocoded) expect(normalizeCoordinates(Number(row.Latitude), Number(row.Longitude)).latitude).not.toBeNull();
    expect(rows.some((row) => row.Latitude === '')).toBe(true);
    expect(rows.some((row) => row.Latitude === '0')).toBe(true);
    expect(rows.some((row) => row['INSPECTION DATE'] === '01/01/1900')).toBe(true);
    expect(rows.some((row) => row.ACTION.startsWith('Establishment Closed'))).toBe(true);
    const years = rows.filter((row) => row['INSPECTION DATE'] !== '01/01/1900').map((row) => Number(row['INSPECTION DATE'].slice(6)));
    expect(Math.min(...years)).toBe(2023);
    expect(Math.max(...years)).toBe(2026);
    expect(new Set(rows.map((row) => row.GRADE))).toEqual(new Set(['', 'A', 'B', 'C', 'Z', 'P', 'N']));
  });

  /** One row per establishment (its first). */
  async function establishments(count: number, seed: number, vocabulary: RestaurantVocabulary): Promise<Array<Record<string, string>>> {
    const rows: Array<Record<string, string>> = parse(await generate(count, seed, vocabulary), { columns: true });
    return [...new Map(rows.map((row) => [row.CAMIS, row])).values()];
  }

  const vocabularies: Array<[string, () => RestaurantVocabulary]> = [['the shipped word list', shippedVocabulary]];
  if (nycDataPresent('restaurants/dohmh_inspections_api_dev_20260410.csv')) vocabularies.push(["the vocabulary learned from the city's files", restaurantVocabulary]);

  it.each(vocabularies)('gives names the shape of real ones with %s: nine distinct in ten, Zipf-sized chains, real lengths and punctuation', async (_, vocabulary) => {
    const rows = await establishments(4000, 30, vocabulary());
    const counts = new Map<string, number>();
    for (const row of rows) counts.set(row.DBA, (counts.get(row.DBA) ?? 0) + 1);
    const sizes = [...counts.values()].sort((a, b) => b - a);
    // The city's data: 1,129 distinct names among 1,222 establishments, about nine in ten.
    expect(counts.size / rows.length).toBeGreaterThan(0.85);
    expect(counts.size / rows.length).toBeLessThan(0.95);
    // Chains: the largest 1-3% of the set (some hundreds at the city's scale), sizes falling off
    // as 1/rank, and a long tail of names shared by two or three.
    expect(sizes[0] / rows.length).toBeGreaterThan(0.01);
    expect(sizes[0] / rows.length).toBeLessThan(0.03);
    expect(sizes[9]).toBeLessThan(sizes[0] / 4);
    expect(sizes.filter((size) => size >= 2 && size <= 3).length).toBeGreaterThan(20);
    // Lengths: mostly two to four words, 10-25 characters on average, some of one word and of six or more.
    const distinct = [...counts.keys()];
    const words = distinct.map((name) => name.split(' ').length);
    expect(words.filter((n) => n >= 2 && n <= 4).length / words.length).toBeGreaterThan(0.6);
    expect(words.some((n) => n === 1)).toBe(true);
    expect(words.some((n) => n >= 6)).toBe(true);
    const meanLength = distinct.reduce((sum, name) => sum + name.length, 0) / distinct.length;
    expect(meanLength).toBeGreaterThan(10);
    expect(meanLength).toBeLessThan(25);
    for (const mark of ["'", '&', '.', '#']) expect(distinct.filter((name) => name.includes(mark)).length).toBeGreaterThan(5);
    expect(distinct.filter((name) => /\d/.test(name)).length).toBeGreaterThan(20);
    expect(distinct.some((name) => name !== name.toUpperCase())).toBe(true);
    // Cuisines and streets vary, and a name that says pizza is mostly a pizza place.
    expect(new Set(rows.map((row) => row['CUISINE DESCRIPTION'])).size).toBeGreaterThan(20);
    expect(new Set(rows.map((row) => row.STREET)).size).toBeGreaterThan(40);
    const pizza = rows.filter((row) => /\bPIZZA\b/.test(row.DBA) && row['CUISINE DESCRIPTION']);
    expect(pizza.filter((row) => row['CUISINE DESCRIPTION'] === 'Pizza').length / pizza.length).toBeGreaterThan(0.4);
  });

  it('learns word positions, word pairs, chains with their usual cuisine, and streets by borough', () => {
    const sample = (name: string, cuisine: string, borough = 'Queens', street = 'MAIN STREET', building = '41-02') => ({ name, cuisine, borough, street, building });
    const vocabulary = learnVocabulary(
      [sample('BIG PIZZA PLACE', 'Pizza'), sample('BIG PIZZA', 'Pizza'), sample('BIG PIZZA', 'Italian'), sample('BIG PIZZA', 'Pizza'),
        sample('SOLO', 'Thai', 'Bronx', 'GRAND CONCOURSE', '12'), sample('SOLO', 'Thai'), sample('LITTLE PIZZA', 'Pizza', '0')],
      'test',
    );
    expect(vocabulary.chainSeeds).toEqual([{ name: 'BIG PIZZA', cuisine: 'Pizza' }, { name: 'SOLO', cuisine: 'Thai' }]);
    expect(vocabulary.cuisineByWord.has('PIZZA')).toBe(true);
    expect(vocabulary.cuisineByWord.has('SOLO')).toBe(false); // seen in two names only
    expect(vocabulary.first.size).toBe(2); // BIG, LITTLE
    expect(vocabulary.alone.size).toBe(1); // SOLO
    expect(vocabulary.nextLast.get('BIG')?.size).toBe(1); // PIZZA
    expect(vocabulary.nextInside.get('BIG')?.size).toBe(1); // PIZZA (before PLACE)
    expect([...vocabulary.streets.keys()].sort()).toEqual(['Bronx', 'Queens']); // borough '0' left out
    expect(vocabulary.buildings.get('Queens')?.size).toBe(1);
  });
});

import { PassThrough } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { boroughForZip as boroughFromZip, normalizeCoordinates } from '../../src/nyc';
import { PORTAL_HEADER } from './csv-writer';
import { generateRestaurants } from './restaurants';

async function generate(establishments: number, seed: number): Promise<string> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await generateRestaurants(out, { establishments, seed });
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
});

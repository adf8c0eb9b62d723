/**
 * Shared helpers of the community integration tests: minimal restaurant rows in the
 * ingest's canonical tables, generated images, and raw byte fetches.
 */
import type { Pool } from 'pg';
import type { TestApi } from '../support/api';

export interface CitationSeed {
  code: string;
  category: 'vermin' | 'food_temp' | 'hygiene' | 'facility' | 'admin' | 'other';
  critical?: boolean;
}

export interface InspectionSeed {
  date: string;
  type?: string;
  citations?: CitationSeed[];
}

/** One establishment with its visits and citations, written straight into the ingest's tables. */
export async function seedRestaurant(pg: Pool, camis: string, inspections: InspectionSeed[] = []): Promise<void> {
  await pg.query(`insert into restaurant_establishments (camis, name, address, borough) values ($1, $2, '1 Main St', 'Manhattan') on conflict do nothing`, [camis, `Test Place ${camis}`]);
  for (const inspection of inspections) {
    const type = inspection.type ?? 'Cycle Inspection / Initial Inspection';
    await pg.query('insert into restaurant_inspections (camis, inspected_at, inspection_type, score) values ($1, $2, $3, 12)', [camis, inspection.date, type]);
    for (const citation of inspection.citations ?? []) {
      await pg.query(
        'insert into restaurant_citations (camis, inspected_at, inspection_type, code, description, critical, category) values ($1, $2, $3, $4, $5, $6, $7)',
        [camis, inspection.date, type, citation.code, `cited ${citation.code}`, citation.critical ?? false, citation.category],
      );
    }
  }
}

export { expectNoMetadataBytes, gpsJpeg, hugePng, plainJpeg, plainPng } from '../support/images';

/** GET returning the raw bytes (the test client reads bodies as text). */
export async function fetchBytes(api: TestApi, path: string, key = api.keys.live): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const res = await fetch(`${api.url}${path}`, { headers: { Authorization: `Bearer ${key}` } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

export const device = (id: string) => ({ 'X-Device-Id': id });

/**
 * The client address a request is counted from, for an API started with one trusted proxy hop
 * (startTestApi({ config: { trustedProxyHops: 1 } })): the community score counts one report
 * per address, establishment and day, and every request of a test otherwise comes from 127.0.0.1.
 */
export const fromAddress = (address: string) => ({ 'X-Forwarded-For': address });

export const reportBody = (overrides: Record<string, unknown> = {}) => ({
  kind: 'pest',
  pestSubtype: 'mice',
  body: 'Saw a mouse run along the counter near the register.',
  ...overrides,
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PORTAL_HEADER, PortalRow, portalDate, portalLine } from '../../ingest/generate/csv-writer';
import { loadTestModeFixture } from '../../ingest/fixture';
import type { DataStore } from '../../src/stores';
import { RESTAURANTS, RESTAURANT_INSPECTIONS_LOAD } from '../../ingest/families';
import { refreshIndices } from '../../ingest/index/indices';
import { IngestSummary, ingestDataset } from '../../ingest/load/pipeline';
import { RESTAURANT_INSPECTIONS } from '../../ingest/sources/restaurants';
import { fileSource } from '../../ingest/sources/source';

/**
 * Hand-written establishments in the city's portal export format, loaded through the real
 * ingest pipeline (Postgres, derived profiles, outbox, Elasticsearch).
 */

export interface CitationSpec {
  code: string;
  description?: string;
  critical?: boolean;
}

export interface VisitSpec {
  date: string;
  type?: string;
  score?: number | null;
  grade?: string | null;
  action?: string;
  citations?: CitationSpec[];
}

export interface EstablishmentSpec {
  camis: string;
  name: string;
  boro?: string;
  building?: string;
  street?: string;
  zip?: string;
  cuisine?: string;
  lat?: number | null;
  lng?: number | null;
  visits?: VisitSpec[];
}

const CITED = 'Violations were cited in the following area(s).';
const DESCRIPTIONS: Record<string, string> = {
  '04L': 'Evidence of mice or live mice in establishment\'s food or non-food areas.',
  '04K': 'Evidence of rats or live rats in establishment\'s food or non-food areas.',
  '04M': 'Live roaches in facility\'s food or non-food area.',
  '02G': 'Cold TCS food item held above 41 °F; smoked or processed fish held above 38 °F.',
  '10F': 'Non-food contact surface or equipment made of unacceptable material.',
  '08A': 'Establishment is not free of harborage or conditions conducive to rodents, insects or other pests.',
};

export function portalRows(spec: EstablishmentSpec): PortalRow[] {
  const base: PortalRow = {
    CAMIS: spec.camis,
    DBA: spec.name,
    BORO: spec.boro ?? 'Manhattan',
    BUILDING: spec.building ?? '1',
    STREET: spec.street ?? 'BROADWAY',
    ZIPCODE: spec.zip ?? '10001',
    PHONE: '2125550100',
    'CUISINE DESCRIPTION': spec.cuisine ?? 'American',
    Latitude: spec.lat === undefined ? 40.75 : spec.lat,
    Longitude: spec.lng === undefined ? -73.99 : spec.lng,
    'RECORD DATE': '10/09/2024',
  };
  const visits = spec.visits ?? [{ date: '2024-05-01', score: 10, grade: 'A', citations: [{ code: '10F' }] }];
  const rows: PortalRow[] = [];
  for (const visit of visits) {
    const common: PortalRow = {
      ...base,
      'INSPECTION DATE': portalDate(visit.date),
      ACTION: visit.action ?? (visit.citations?.length ? CITED : 'No violations were recorded at the time of this inspection.'),
      SCORE: visit.score ?? null,
      GRADE: visit.grade ?? null,
      'GRADE DATE': visit.grade ? portalDate(visit.date) : null,
      'INSPECTION TYPE': visit.type ?? 'Cycle Inspection / Initial Inspection',
    };
    if (!visit.citations?.length) rows.push({ ...common, 'CRITICAL FLAG': 'Not Applicable' });
    for (const citation of visit.citations ?? []) {
      rows.push({
        ...common,
        'VIOLATION CODE': citation.code,
        'VIOLATION DESCRIPTION': citation.description ?? DESCRIPTIONS[citation.code] ?? `Violation ${citation.code}`,
        'CRITICAL FLAG': citation.critical ?? citation.code.startsWith('0') ? 'Critical' : 'Not Critical',
      });
    }
  }
  return rows;
}

let fileCounter = 0;

/** Writes the rows as a portal export file in a temporary directory. */
export function writePortalFile(rows: PortalRow[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'restaurants-'));
  const file = path.join(dir, `export-${process.pid}-${fileCounter++}.csv`);
  fs.writeFileSync(file, `${PORTAL_HEADER.join(',')}\n${rows.map(portalLine).join('')}`);
  return file;
}

/** Ingests establishments into a store through the real pipeline (indexing included). */
export async function ingestEstablishments(store: DataStore, specs: EstablishmentSpec[], asOf = new Date('2024-10-09T00:00:00Z')): Promise<IngestSummary> {
  const file = writePortalFile(specs.flatMap(portalRows));
  try {
    const summary = await ingestDataset(store, RESTAURANT_INSPECTIONS_LOAD, fileSource(RESTAURANT_INSPECTIONS, file), { asOf });
    // Read-your-writes for the test: whatever the pipeline's refresh policy, the next request sees this ingest.
    await refreshIndices(store, RESTAURANTS);
    return summary;
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

/** The test-mode data set (fixture through the ingest pipeline, owner documents), visible to the next request. */
export async function loadVisibleFixture(store: DataStore): Promise<void> {
  await loadTestModeFixture(store);
  await refreshIndices(store, RESTAURANTS);
}

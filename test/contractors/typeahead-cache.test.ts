import fs from 'node:fs';
import path from 'node:path';
import { CONTRACTORS } from '../../ingest/families';
import { refreshIndices } from '../../ingest/index/indices';
import type { DataStore } from '../../src/stores';
import { describeTypeaheadCache } from '../support/typeahead-cache';
import { defaultLine, loadOath, type OathLine, oathCsv, paidLine } from './support';

const AS_OF = new Date('2026-11-23T12:00:00Z');

async function ingest(store: DataStore, lines: OathLine[]): Promise<void> {
  const file = oathCsv(lines);
  try {
    await loadOath(store, file, AS_OF);
    await refreshIndices(store, CONTRACTORS);
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

describeTypeaheadCache('the company typeahead’s answer cache', {
  family: CONTRACTORS,
  index: 'contractors',
  path: '/api/v1/contractors/search',
  lineOf: (company) => `${company.slug} ${company.finesDueCents}`,
  load: (store) => ingest(store, [paidLine('0300000001', 'HUDSON GLAZING CORP', '2025-03-02'), paidLine('0300000002', 'HUDSON PAVING INC', '2025-03-02')]),
  q: 'hudson',
  answer: ['hudson-glazing-corp 0', 'hudson-paving-inc 0'],
  // A default with $900 due moves HUDSON PAVING first (the bigger balance among equal matches).
  change: (store) => ingest(store, [defaultLine('0300000003', 'HUDSON PAVING INC', '2026-10-01', { imposed: 900, sought: 500, fees: 0 })]),
  changed: ['hudson-paving-inc 90000', 'hudson-glazing-corp 0'],
  rebuiltQ: 'hudson paving',
  rebuilt: ['hudson-paving-inc 90000'],
});

/**
 * Company totals kept moving with the tickets a load writes (totals.ts) equal totals counted
 * afresh from the tickets, after loads that change, move and add tickets, a full sync that
 * removes some, and a rederive on a later day.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { writeContractorsFile } from '../generate/contractors-files';
import { isoDate } from '../../src/nyc';
import { type TestNamespace, useTestNamespace } from '../../test/support/namespace';
import { csvRows, startSodaServer } from '../../test/support/soda-server';
import { CONTRACTORS, OATH_LOAD } from '../families';
import { registered } from '../families/registry';
import { verifyStores } from '../index/verify';
import { ingestDataset } from '../load/pipeline';
import { rederive } from '../load/rederive';
import { fileSource } from '../sources/source';
import { syncDataset } from '../sync/sync';

const ns = useTestNamespace();

const asOf = new Date('2026-11-23T00:00:00Z');

/** Every company's totals and each spelling's, counted afresh from the tickets as of a day. */
async function countedAfresh(store: TestNamespace['stores']['byMode']['live'], day: string) {
  const { rows: spellings } = await store.pg.query(
    `select spelling, count(*)::int as tickets, count(*) filter (where status <> 'closed')::int as open_tickets,
       count(*) filter (where status = 'defaulted')::int as defaulted_hearings, count(*) filter (where defaulted)::int as defaulted_tickets,
       sum(sought_cents)::float8 as fines_sought_cents, sum(imposed_cents)::float8 as fines_imposed_cents, sum(due_cents)::float8 as fines_due_cents,
       count(*) filter (where reopenable_until >= $1::date)::int as reopenable_tickets,
       coalesce(sum(greatest(0, imposed_cents - sought_cents)) filter (where reopenable_until >= $1::date), 0)::float8 as reopenable_savings_min_cents,
       coalesce(sum(imposed_cents + late_fees_due_cents) filter (where reopenable_until >= $1::date), 0)::float8 as reopenable_savings_max_cents
     from contractor_tickets where spelling is not null group by spelling order by spelling`,
    [day],
  );
  const { rows: companies } = await store.pg.query(
    `select company as slug, count(*)::int as tickets, count(*) filter (where status <> 'closed')::int as open_tickets,
       sum(due_cents)::float8 as fines_due_cents, count(*) filter (where reopenable_until >= $1::date)::int as reopenable_tickets
     from contractor_tickets where company is not null group by company order by company`,
    [day],
  );
  return { spellings, companies };
}

async function kept(store: TestNamespace['stores']['byMode']['live']) {
  const { rows: spellings } = await store.pg.query(
    `select spelling, tickets, open_tickets, defaulted_hearings, defaulted_tickets, fines_sought_cents::float8, fines_imposed_cents::float8,
       fines_due_cents::float8, reopenable_tickets, reopenable_savings_min_cents::float8, reopenable_savings_max_cents::float8
     from contractor_spelling_totals where tickets > 0 order by spelling`,
  );
  const { rows: companies } = await store.pg.query(
    'select slug, tickets, open_tickets, fines_due_cents::float8, reopenable_tickets from contractor_companies where tickets > 0 order by slug',
  );
  return { spellings, companies };
}

it('equal totals counted afresh after changed, moved, added and removed tickets, and a rederive on a later day', async () => {
  const store = ns.stores.byMode.live;
  const dir = fs.mkdtempSync(path.join(require('node:os').tmpdir(), 'oath-totals-'));
  await writeContractorsFile(dir, { fraction: 0.002, seed: 17 });
  const file = path.join(dir, 'oath.csv');
  await ingestDataset(store, OATH_LOAD, fileSource(OATH_LOAD.source, file), { asOf, chunkSize: 300 });
  expect(await kept(store)).toEqual(await countedAfresh(store, isoDate(asOf)));

  // Every seventh ticket paid off, every eleventh moved to another spelling of its respondent, new tickets added.
  const records = parse(fs.readFileSync(file), { columns: true }) as Array<Record<string, string>>;
  const changed = records.map((record, i) => {
    const row = { ...record };
    if (i % 7 === 0) Object.assign(row, { 'Balance Due': '0.00', 'Hearing Status': 'PAID IN FULL', 'Compliance Status': 'All Terms Met' });
    if (i % 11 === 0 && row['Respondent Last Name']) row['Respondent Last Name'] = `${row['Respondent Last Name']} INC`;
    return row;
  });
  const added = records.slice(0, 40).map((record, i) => ({ ...record, 'Ticket Number': `09${String(i).padStart(8, '0')}` }));
  const changedFile = path.join(dir, 'changed.csv');
  fs.writeFileSync(changedFile, stringify([...changed, ...added], { header: true }));
  await ingestDataset(store, OATH_LOAD, fileSource(OATH_LOAD.source, changedFile), { asOf, chunkSize: 300 });
  expect(await kept(store)).toEqual(await countedAfresh(store, isoDate(asOf)));

  // A full sync from a portal that no longer publishes a tenth of the tickets removes them.
  const portal = await startSodaServer();
  try {
    const oath = registered('oath')!;
    portal.publish(oath.socrataId!, csvRows(changedFile).filter((_, i) => i % 10 !== 3));
    const full = await syncDataset(store, oath, { base: portal.url, asOf, full: true });
    expect(full).toMatchObject({ status: 'synced' });
    expect(full.rowsRemoved).toBeGreaterThan(0);
  } finally {
    await portal.close();
  }
  expect(await kept(store)).toEqual(await countedAfresh(store, isoDate(asOf)));

  // Windows close with the clock: the rederive's day recounts them.
  const later = new Date('2027-02-20T00:00:00Z');
  await rederive(store, CONTRACTORS, later);
  expect(await kept(store)).toEqual(await countedAfresh(store, isoDate(later)));
  expect((await verifyStores(store, CONTRACTORS)).ok).toBe(true);
}, 180_000);

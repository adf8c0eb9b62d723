import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { groupCompanies, respondentCompany, type CompanyName } from '../../src/domain/contractors/names';
import { ticketStanding } from '../../src/domain/contractors/tickets';
import { NYC_DATA_DIR, nycDataPresent } from '../../src/nyc/testing/shared-data';
import { OATH_HEARINGS, type OathRow } from '../sources/contractors/oath';
import { fileSource } from '../sources/source';
import { OATH_HEADER, respondentsAt } from './contractors';
import { CONTRACTORS_FILE, writeContractorsFile } from './contractors-files';

const FRACTION = 0.002;
const dirs: string[] = [];

async function generate(seed: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gen-contractors-'));
  dirs.push(dir);
  const counts = await writeContractorsFile(dir, { fraction: FRACTION, seed });
  return { counts, file: path.join(dir, CONTRACTORS_FILE) };
}

afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const digest = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

describe('contractors generator', () => {
  let set: Awaited<ReturnType<typeof generate>>;
  const rows: OathRow[] = [];
  const rejections: Array<[number, string]> = [];
  beforeAll(async () => {
    set = await generate(11);
    for await (const item of fileSource(OATH_HEARINGS, set.file).items) {
      if ('row' in item) rows.push(item.row);
      else rejections.push([item.line, item.reason]);
    }
  });

  it('is deterministic for a seed and different across seeds', async () => {
    const again = await generate(11);
    const other = await generate(12);
    expect(digest(again.file)).toBe(digest(set.file));
    expect(again.counts).toEqual(set.counts);
    expect(digest(other.file)).not.toBe(digest(set.file));
  });

  it('writes the real export header, and rows the real source reads with zero rejections, every ticket once', () => {
    expect(fs.readFileSync(set.file, 'utf8').split('\n', 1)[0]).toBe(OATH_HEADER.join(','));
    if (nycDataPresent('oath/oath_hearings__nycdb.csv')) {
      const real = fs.readFileSync(path.join(NYC_DATA_DIR, 'oath/oath_hearings__nycdb.csv'), 'utf8').split('\n', 1)[0].replace(/^\uFEFF/, '').trim();
      expect(OATH_HEADER.join(',')).toBe(real);
    }
    expect(rejections).toEqual([]);
    expect(rows).toHaveLength(set.counts.summonses);
    expect(new Set(rows.map((row) => row.ticket)).size).toBe(rows.length);
    expect(set.counts.respondents).toBe(respondentsAt(FRACTION));
    // About 2 million summonses over 300,000 respondents at fraction 1: ~6.7 a respondent.
    expect(rows.length / set.counts.respondents).toBeGreaterThan(4);
    expect(rows.length / set.counts.respondents).toBeLessThan(10);
  });

  it('skews the counts (a few companies with hundreds even at this fraction, most with one or two)', () => {
    const { heaviest } = set.counts;
    expect(heaviest[0].summonses).toBeGreaterThan(200);
    expect(heaviest[0].summonses).toBeGreaterThan(10 * (rows.length / set.counts.respondents));
    expect(set.counts.individuals).toBeGreaterThan(0.1 * set.counts.respondents);
  });

  it("spells companies as the dockets do, and the ingest's rule reads each generated company back as one", () => {
    const names: CompanyName[] = [];
    let individuals = 0;
    for (const row of rows) {
      const name = respondentCompany(row.respondent);
      if (name) names.push(name);
      else individuals += 1;
    }
    expect(individuals).toBeGreaterThan(0);
    const spellings = names.map((name) => name.spelling);
    // The quirks: a period or L.L.C., forms spelled out, head/tail split, cut at 25, spaces squeezed, abbreviations.
    expect(spellings.some((s) => / L\.L\.C\.$| (INC|CORP|CO|LTD)\.$/.test(s))).toBe(true);
    expect(spellings.some((s) => / (INCORPORATED|CORPORATION|COMPANY|LIMITED)$/.test(s))).toBe(true);
    expect(rows.some((row) => row.respondent.firstName !== null && respondentCompany(row.respondent) !== null)).toBe(true);
    expect(spellings.some((s) => s.length === 25 && !/ (INC|CORP|LLC|CO|LTD|L\.L\.C\.)\.?$/.test(s))).toBe(true);
    expect(spellings.some((s) => /^[A-Z&]{16,} /.test(s))).toBe(true);
    expect(spellings.some((s) => /\b(CONSTR|CONST|MGMT|PLBG|ASSOC|SVC|DEV)\b/.test(s))).toBe(true);
    // Grouping: the companies the rule finds are close to the companies generated (a cut spelling may stay apart
    // when it starts two companies' names, and an invented head may repeat).
    const groups = groupCompanies(names);
    const companies = new Set(groups.values()).size;
    expect(companies).toBeLessThanOrEqual(set.counts.companies * 1.05);
    expect(companies).toBeGreaterThanOrEqual(set.counts.companies * 0.9);
  });

  it('uses the real status vocabularies: every ticket standing occurs, nothing unknown, live and lapsed windows', () => {
    const asOf = new Date('2026-04-01T00:00:00Z');
    const standings = rows.map((row) => ticketStanding(row, asOf));
    expect(standings.flatMap((s) => s.unknownValues)).toEqual([]);
    expect(new Set(standings.map((s) => s.status))).toEqual(new Set(['open', 'defaulted', 'closed']));
    expect(standings.some((s) => s.reopened)).toBe(true);
    expect(standings.some((s) => s.reopenableUntil !== null)).toBe(true);
    expect(standings.some((s) => s.status === 'defaulted' && s.reopenableUntil === null)).toBe(true);
    expect(standings.some((s) => s.dueCents > 0)).toBe(true);
    expect(rows.some((row) => row.violationBbl !== null) && rows.some((row) => row.violationBorough === null)).toBe(true);
  });
});

/**
 * `tsx scripts/grouping-time.ts [--fraction F] [--seed S]`: how long grouping company spellings
 * takes on the generated OATH export (ingest/generate/contractors.ts) at F of New York's scale
 * (default 1: about 300,000 respondents and 2 million summonses). Writes the export to a
 * temporary folder, reads it as the ingest does, then times groupCompanyNames over every
 * distinct company spelling with the respondent addresses of its rows as evidence, as one
 * call (the ingest groups block by block, each a small part of this). Prints the counts and
 * the time; removes the folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { groupCompanyNames, respondentAddressKey, respondentCompany, type CompanyName } from '../src/domain/contractors';
import { writeContractorsFile } from '../ingest/generate/contractors-files';
import { CONTRACTORS_FILE } from '../ingest/generate/contractors-files';
import { OATH_HEARINGS } from '../ingest/sources/contractors';
import { fileSource } from '../ingest/sources/source';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { fraction: { type: 'string', default: '1' }, seed: { type: 'string', default: '7' } } });
  const fraction = Number(values.fraction);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grouping-time-'));
  try {
    let started = Date.now();
    const counts = await writeContractorsFile(dir, { fraction, seed: Number(values.seed) });
    console.log(`generated ${counts.summonses} summonses of ${counts.respondents} respondents (${counts.companies} companies) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    started = Date.now();
    const names = new Map<string, CompanyName>();
    const addresses = new Map<string, Set<string>>();
    const read = new Map<string, CompanyName | null>();
    for await (const item of fileSource(OATH_HEARINGS, path.join(dir, CONTRACTORS_FILE)).items) {
      if (!('row' in item)) continue;
      const { respondent } = item.row;
      const fields = `${respondent.firstName ?? ''}\n${respondent.lastName ?? ''}`;
      if (!read.has(fields)) read.set(fields, respondentCompany(respondent));
      const name = read.get(fields);
      if (!name) continue;
      names.set(name.spelling, name);
      const address = respondentAddressKey(item.row.respondentHouse, item.row.respondentStreet, item.row.respondentZip);
      if (address === null) continue;
      if (!addresses.has(name.spelling)) addresses.set(name.spelling, new Set());
      addresses.get(name.spelling)!.add(address);
    }
    console.log(`read ${names.size} company spellings, ${[...addresses.values()].reduce((n, set) => n + set.size, 0)} spelling-address pairs in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // Only the spellings and their addresses are kept for grouping, as a load holds a block's.
    read.clear();
    const spellings = [...names.values()];
    started = Date.now();
    const cpu = process.cpuUsage();
    const { companyOf, reasons } = groupCompanyNames(spellings, { addresses });
    const seconds = (Date.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    const companies = new Set(companyOf.values()).size;
    const joins = [...reasons.values()].flat();
    const byRule = new Map<string, number>();
    for (const reason of joins) byRule.set(`${reason.rule}/${reason.evidence}`, (byRule.get(`${reason.rule}/${reason.evidence}`) ?? 0) + 1);
    console.log(`grouped ${names.size} spellings (${companyOf.size} keys) into ${companies} companies (${counts.companies} generated) in ${seconds.toFixed(1)} s (CPU ${((used.user + used.system) / 1e6).toFixed(1)} s; load average ${os.loadavg()[0].toFixed(1)})`);
    console.log(`evidence joins: ${[...byRule].map(([rule, n]) => `${rule} ${n}`).join(', ') || 'none'}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

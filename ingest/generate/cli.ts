/**
 * `npm run generate -- restaurants --establishments N --seed S [--out PATH] [--end YYYY-MM-DD]`
 * writes a synthetic file in the portal export format (PATH '-' = stdout).
 * `npm run generate -- properties [--fraction F] [--seed S] [--out DIR] [--end YYYY-MM-DD]`
 * writes the properties family at F of New York's scale (properties.ts) into DIR: pluto.csv,
 * dob_violations.csv, ecb_violations.csv, dob_permit_issuance.csv, hpd_violations.csv, hpd_registrations.csv,
 * hpd_contacts.csv (load them after pluto.csv, contacts after registrations) and owners_truth.csv
 * (each multiple dwelling's true owner).
 * `npm run generate -- contractors [--fraction F] [--seed S] [--out DIR] [--end YYYY-MM-DD]`
 * writes the OATH export at F of New York's scale (contractors.ts) as DIR/oath.csv.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CONTRACTORS_FILE, writeContractorsFile } from './contractors-files';
import { PROPERTY_FILES, writePropertyFiles } from './properties-files';
import { generateRestaurants } from './restaurants';

const USAGE = [
  'usage: npm run generate -- restaurants --establishments N --seed S [--out PATH] [--end YYYY-MM-DD]',
  '       npm run generate -- properties [--fraction F] [--seed S] [--out DIR] [--end YYYY-MM-DD]',
  '       npm run generate -- contractors [--fraction F] [--seed S] [--out DIR] [--end YYYY-MM-DD]',
].join('\n');

async function restaurants(values: Record<string, string | undefined>): Promise<void> {
  const establishments = Number(values.establishments);
  const seed = Number(values.seed);
  if (!Number.isInteger(establishments) || establishments < 1) throw new Error('--establishments must be a positive integer');
  if (!Number.isInteger(seed)) throw new Error('--seed must be an integer');
  const target = values.out ?? path.join('tmp', `restaurants-${establishments}-seed${seed}.csv`);
  const out = target === '-' ? process.stdout : fs.createWriteStream(target);
  if (target !== '-') fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
  const started = Date.now();
  const { rows } = await generateRestaurants(out, { establishments, seed, endDate: values.end });
  if (out !== process.stdout) await new Promise<void>((resolve, reject) => (out as fs.WriteStream).end((error?: Error | null) => (error ? reject(error) : resolve())));
  process.stderr.write(`wrote ${rows} rows for ${establishments} establishments to ${target} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

async function properties(values: Record<string, string | undefined>): Promise<void> {
  const fraction = Number(values.fraction);
  const seed = Number(values.seed);
  if (!(fraction > 0 && fraction <= 1)) throw new Error('--fraction must be in (0, 1]');
  if (!Number.isInteger(seed)) throw new Error('--seed must be an integer');
  const dir = values.out ?? path.join('tmp', `properties-${fraction}-seed${seed}`);
  const started = Date.now();
  const counts = await writePropertyFiles(dir, { fraction, seed, endDate: values.end });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stderr.write(
    `wrote ${counts.lots} lots (${PROPERTY_FILES.pluto}), ${counts.dobViolations} DOB violations, ${counts.ecbViolations} ECB violations, ` +
      `${counts.permits} permits, ${counts.hpdViolations} HPD violations, ${counts.owners.registrations} HPD registrations with ${counts.owners.contacts} contacts of ${counts.owners.landlords} true owners ` +
      `(largest ${counts.owners.largest.landlord}, ${counts.owners.largest.lots} lots) to ${dir} in ${seconds} s, peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB; heavy lots ${counts.heavyLots.join(', ')}\n`,
  );
}

async function contractors(values: Record<string, string | undefined>): Promise<void> {
  const fraction = Number(values.fraction);
  const seed = Number(values.seed);
  if (!(fraction > 0 && fraction <= 1)) throw new Error('--fraction must be in (0, 1]');
  if (!Number.isInteger(seed)) throw new Error('--seed must be an integer');
  const dir = values.out ?? path.join('tmp', `contractors-${fraction}-seed${seed}`);
  const started = Date.now();
  const counts = await writeContractorsFile(dir, { fraction, seed, endDate: values.end });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stderr.write(
    `wrote ${counts.summonses} summonses of ${counts.respondents} respondents (${counts.companies} companies, ${counts.individuals} individuals) to ${path.join(dir, CONTRACTORS_FILE)} in ${seconds} s, ` +
      `peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB; heaviest ${counts.heaviest.map((c) => `${c.name} (${c.summonses})`).join(', ')}\n`,
  );
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      establishments: { type: 'string' },
      fraction: { type: 'string', default: '0.1' },
      seed: { type: 'string', default: '1' },
      out: { type: 'string' },
      end: { type: 'string' },
    },
  });
  if (values.end !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.end)) throw new Error('--end must be YYYY-MM-DD');
  if (positionals[0] === 'restaurants') return restaurants(values);
  if (positionals[0] === 'properties') return properties(values);
  if (positionals[0] === 'contractors') return contractors(values);
  throw new Error(USAGE);
}

main().catch((error: Error) => {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});

import fs from 'node:fs';
import path from 'node:path';
import { generateProperties, PropertiesCounts, PropertiesOptions, PropertiesOutputs } from './properties';

/** The files `npm run generate -- properties` writes into its directory, named after the city's exports. */
export const PROPERTY_FILES: Record<keyof PropertiesOutputs, string> = {
  pluto: 'pluto.csv',
  dobViolations: 'dob_violations.csv',
  ecbViolations: 'ecb_violations.csv',
  permits: 'dob_permit_issuance.csv',
  hpdViolations: 'hpd_violations.csv',
  hpdRegistrations: 'hpd_registrations.csv',
  hpdContacts: 'hpd_contacts.csv',
  /** Not a city export: each multiple dwelling's true owner, what a grouping into portfolios is checked against. */
  ownersTruth: 'owners_truth.csv',
};

/** Generates the set into `dir` (created if needed) and closes the files. */
export async function writePropertyFiles(dir: string, options: PropertiesOptions): Promise<PropertiesCounts> {
  fs.mkdirSync(dir, { recursive: true });
  const streams = Object.fromEntries(
    Object.entries(PROPERTY_FILES).map(([key, file]) => [key, fs.createWriteStream(path.join(dir, file))]),
  ) as Record<keyof PropertiesOutputs, fs.WriteStream>;
  try {
    return await generateProperties(streams, options);
  } finally {
    await Promise.all(Object.values(streams).map((stream) => new Promise<void>((resolve, reject) => stream.end((error?: Error | null) => (error ? reject(error) : resolve())))));
  }
}

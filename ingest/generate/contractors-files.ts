import fs from 'node:fs';
import path from 'node:path';
import { ContractorsCounts, ContractorsOptions, generateContractors } from './contractors';

/** The generated OATH export's file name in the output folder. */
export const CONTRACTORS_FILE = 'oath.csv';

/** Writes DIR/oath.csv (streamed); returns what it wrote. */
export async function writeContractorsFile(dir: string, options: ContractorsOptions): Promise<ContractorsCounts> {
  fs.mkdirSync(dir, { recursive: true });
  const out = fs.createWriteStream(path.join(dir, CONTRACTORS_FILE));
  const counts = await generateContractors(out, options);
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return counts;
}

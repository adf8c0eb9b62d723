/**
 * `npm run generate -- restaurants --establishments N --seed S [--out PATH] [--end YYYY-MM-DD]`
 * writes a synthetic file in the portal export format (PATH '-' = stdout).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { generateRestaurants } from './restaurants';

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { establishments: { type: 'string' }, seed: { type: 'string', default: '1' }, out: { type: 'string' }, end: { type: 'string' } },
  });
  if (positionals[0] !== 'restaurants') throw new Error('usage: npm run generate -- restaurants --establishments N --seed S [--out PATH] [--end YYYY-MM-DD]');
  const establishments = Number(values.establishments);
  const seed = Number(values.seed);
  if (!Number.isInteger(establishments) || establishments < 1) throw new Error('--establishments must be a positive integer');
  if (!Number.isInteger(seed)) throw new Error('--seed must be an integer');
  if (values.end !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.end)) throw new Error('--end must be YYYY-MM-DD');
  const target = values.out ?? path.join('tmp', `restaurants-${establishments}-seed${seed}.csv`);
  const out = target === '-' ? process.stdout : fs.createWriteStream(target);
  if (target !== '-') fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
  const started = Date.now();
  const { rows } = await generateRestaurants(out, { establishments, seed, endDate: values.end });
  if (out !== process.stdout) await new Promise<void>((resolve, reject) => (out as fs.WriteStream).end((error?: Error | null) => (error ? reject(error) : resolve())));
  process.stderr.write(`wrote ${rows} rows for ${establishments} establishments to ${target} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

main().catch((error: Error) => {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});

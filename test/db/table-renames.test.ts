import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** Migration 300 gives the restaurant tables the family's name in place: an upgraded store keeps its rows. */
test('an existing store keeps its rows, foreign keys and digests through the renames', async () => {
  const dir = path.resolve(__dirname, '../../src/db/migrations/data');
  const files = fs.readdirSync(dir).filter((file) => file.endsWith('.sql')).sort();
  const schema = `m300_${randomBytes(4).toString('hex')}`;
  const pg = new Client({ connectionString: process.env.DATABASE_URL });
  await pg.connect();
  try {
    await pg.query(`create schema ${schema}`);
    await pg.query(`set search_path = ${schema}`);
    for (const file of files.filter((name) => name < '300')) await pg.query(fs.readFileSync(path.join(dir, file), 'utf8'));
    await pg.query(`insert into establishments (camis, name, address, borough) values ('41000001', 'Place', '1 Main St', 'Manhattan')`);
    await pg.query(`insert into inspections (camis, inspected_at, inspection_type, score) values ('41000001', '2024-01-02', 'Cycle Inspection / Initial Inspection', 12)`);
    await pg.query(`insert into ingest_source_hashes (camis, hash, rows_loaded, rows_merged) values ('41000001', 'h', 1, 0)`);
    await pg.query(`insert into ingest_runs (source, as_of, establishments_changed) values ('file', now(), 1)`);
    await pg.query(fs.readFileSync(path.join(dir, '300_restaurant_table_names.sql'), 'utf8'));

    expect((await pg.query('select camis from restaurant_establishments')).rows).toEqual([{ camis: '41000001' }]);
    expect((await pg.query('select score from restaurant_inspections')).rows).toEqual([{ score: 12 }]);
    expect((await pg.query('select hash from restaurant_source_hashes')).rows).toEqual([{ hash: 'h' }]);
    expect((await pg.query('select entities_changed, family from ingest_runs')).rows).toEqual([{ entities_changed: 1, family: 'restaurants' }]);
    // The foreign key followed the rename: an inspection of an unknown establishment is still refused.
    await expect(pg.query(`insert into restaurant_inspections (camis, inspected_at, inspection_type) values ('nope', '2024-01-02', 'x')`)).rejects.toThrow(/foreign key/);
  } finally {
    await pg.query(`drop schema if exists ${schema} cascade`);
    await pg.end();
  }
});

import fs from 'node:fs';
import path from 'node:path';

const MAPPINGS_DIR = path.resolve(__dirname, '../../index-mappings');

export interface IndexDefinition {
  settings: Record<string, unknown>;
  mappings: Record<string, unknown>;
}

/** The settings and mappings of an index, from index-mappings/<name>.json. */
export function indexDefinition(name: string): IndexDefinition {
  return JSON.parse(fs.readFileSync(path.join(MAPPINGS_DIR, `${name}.json`), 'utf8')) as IndexDefinition;
}

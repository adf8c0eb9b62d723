/**
 * `npm run openapi`: writes the merged contract to openapi.json as src/contract/openapi.json, for readers and tools,
 * then the console's types from it (web/console/api-types.ts, scripts/console/write-types.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildApiDocument } from '../src/openapi';
import { writeConsoleTypes } from './console/write-types';

const target = path.resolve(__dirname, '..', 'src', 'contract', 'openapi.json');
fs.writeFileSync(target, `${JSON.stringify(buildApiDocument(), null, 2)}\n`);
console.log(`wrote ${target}`);
writeConsoleTypes();

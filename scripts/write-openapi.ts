/** `npm run openapi`: writes the merged contract to openapi.json as src/contract/openapi.json, for readers and tools. */
import fs from 'node:fs';
import path from 'node:path';
import { buildApiDocument } from '../src/openapi';

const target = path.resolve(__dirname, '..', 'src', 'contract', 'openapi.json');
fs.writeFileSync(target, `${JSON.stringify(buildApiDocument(), null, 2)}\n`);
console.log(`wrote ${target}`);

// Validates an OpenAPI document file against the official OpenAPI 3.1 JSON schema.
// Run as a child process because the validator ships as an ES module only.
import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';

const validator = new Validator();
const result = await validator.validate(JSON.parse(readFileSync(process.argv[2], 'utf8')));
if (!result.valid) {
  console.error(JSON.stringify(result.errors, null, 2).slice(0, 4000));
  process.exit(1);
}
console.log(`valid OpenAPI ${validator.version}`);

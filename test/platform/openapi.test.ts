import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApiDocument as buildDocument } from '../../src/openapi';
import { allRoutes } from '../../src/families';
import { loadConfig } from '../../src/config';
import { startTestApi, TestApi } from '../support/api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.stop());

const repoRoot = path.resolve(__dirname, '..', '..');

describe('the OpenAPI document', () => {
  it('is served at /api/v1/openapi.json', async () => {
    const res = await api.get('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.info.version).toBe('1.1');
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const res = await api.get('/api/v1/openapi.json');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-')), 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(res.body));
    const output = execFileSync(process.execPath, [path.join(repoRoot, 'scripts', 'check-openapi.mjs'), file], { encoding: 'utf8' });
    expect(output).toContain('valid OpenAPI 3.1');
  });

  it('is the src/contract/openapi.json committed in the repository (npm run openapi regenerates it)', () => {
    const committed = JSON.parse(fs.readFileSync(path.join(repoRoot, 'src', 'contract', 'openapi.json'), 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(buildDocument())));
  });

  it('describes every mounted route, and every operation has a route', () => {
    const doc = buildDocument();
    const routes = allRoutes({ doc, config: loadConfig(), stores: {} } as never).map((route) => `${route.method} ${route.path}`);
    const operations = Object.entries(doc.paths).flatMap(([p, item]) => Object.keys(item).map((method) => `${method} ${p}`));
    const probes = ['get /livez', 'get /readyz'];
    expect(new Set(routes)).toEqual(new Set(operations.filter((op) => !probes.includes(op))));
    for (const op of Object.values(doc.paths).flatMap((item) => Object.values(item))) {
      expect(op.operationId).toBeTruthy();
      expect(op.responses).toBeTruthy();
    }
  });
});

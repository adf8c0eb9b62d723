import fs from 'node:fs';
import path from 'node:path';
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Config } from '../config';
import type { OpenApiDocument } from '../contract/types';
import { ensurePublicTestKey } from '../platform/keys';
import type { Stores } from '../stores';

/**
 * The public pages beside the API: the reference console (/console) and the rendered
 * contract (/docs). They need no key to load; in the browser they call /api/v1 with the
 * public test key (or one the user pastes), so the key check still decides every API call.
 *
 * Files are served from a fixed table of names built here, never by joining a request path
 * to a folder: /console/../x, encoded dots or a NUL cannot name anything outside the table.
 * The bundles are built by scripts/console/build.ts (npm start, the browser tests,
 * `npm run build:console`) into dist/web; the Swagger UI files come from its package.
 */

/** Where scripts/console/build.ts writes the bundles (git-ignored). */
export const WEB_DIST_DIR = path.resolve(__dirname, '../../dist/web');

const SWAGGER_UI_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.geojson': 'application/geo+json',
  '.png': 'image/png',
};

/** URL path -> file on disk. Nothing else is served. */
function staticFiles(): Map<string, string> {
  return new Map([
    ['/console', path.join(WEB_DIST_DIR, 'console/index.html')],
    ['/console/app.js', path.join(WEB_DIST_DIR, 'console/app.js')],
    ['/console/app.css', path.join(WEB_DIST_DIR, 'console/app.css')],
    ['/console/boroughs.geojson', path.join(WEB_DIST_DIR, 'console/boroughs.geojson')],
    ['/docs', path.join(WEB_DIST_DIR, 'docs/index.html')],
    ['/docs/docs.js', path.join(WEB_DIST_DIR, 'docs/docs.js')],
    ['/docs/docs.css', path.join(WEB_DIST_DIR, 'docs/docs.css')],
    ['/docs/swagger-ui.css', path.join(SWAGGER_UI_DIR, 'swagger-ui.css')],
    ['/docs/swagger-ui-bundle.js', path.join(SWAGGER_UI_DIR, 'swagger-ui-bundle.js')],
  ]);
}

/**
 * The pages may reach only their own origin (and the configured tile server's for map
 * images): the browser enforces it, so a renderer or library calling home is refused.
 */
export function contentSecurityPolicy(tileUrl: string | null): string {
  const tiles = tileUrl ? ` ${new URL(tileUrl.replace(/\{[a-z]\}/g, '0')).origin}` : '';
  return [
    "default-src 'self'",
    `img-src 'self' data:${tiles}`,
    // Leaflet positions and Swagger UI colours elements with style attributes.
    "style-src 'self' 'unsafe-inline'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** How long the console trusts the public test key it read before asking the store again. */
const PUBLIC_KEY_TTL_MS = 60_000;

export function consolePages(deps: { config: Config; stores: Stores; doc: OpenApiDocument }): Router {
  const files = staticFiles();
  const csp = contentSecurityPolicy(deps.config.consoleTileUrl);
  let publicKey: { value: Promise<string>; at: number } | undefined;
  const currentPublicKey = () => {
    if (!publicKey || Date.now() - publicKey.at > PUBLIC_KEY_TTL_MS) {
      const value = ensurePublicTestKey(deps.stores.platform);
      publicKey = { value, at: Date.now() };
      value.catch(() => (publicKey = undefined));
    }
    return publicKey.value;
  };

  const serveFile = async (ctx: Context) => {
    const file = files.get(ctx.path);
    if (!file) return;
    let bytes: Buffer;
    try {
      bytes = await fs.promises.readFile(file);
    } catch {
      ctx.status = 503;
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = 'The console is not built yet: run `npm run build:console` (npm start does it).\n';
      return;
    }
    ctx.type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('X-Content-Type-Options', 'nosniff');
    if (ctx.type.startsWith('text/html')) ctx.set('Content-Security-Policy', csp);
    ctx.body = bytes;
  };

  const pages = new Router({ sensitive: true, strict: true });
  for (const urlPath of files.keys()) pages.get(urlPath, serveFile);
  // A trailing slash is the same page; relative asset paths in the HTML are written absolute.
  pages.get('/console/', (ctx) => ctx.redirect('/console'));
  pages.get('/docs/', (ctx) => ctx.redirect('/docs'));

  // What the console needs to start: the shared public test key (public by design: the
  // spec's consoles run on it) and the map's tile template when one is configured.
  pages.get('/console/config.json', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { publicTestKey: await currentPublicKey(), tileUrl: deps.config.consoleTileUrl };
  });
  // The contract itself, readable without a key so /docs can render it.
  pages.get('/docs/openapi.json', (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = deps.doc;
  });
  return pages;
}

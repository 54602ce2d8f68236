import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { isOperatorPath } from '../observability/operator-routes';
import { sendCompressed, type KeptBody } from './kept-json';
import { cspNonceOf } from './security-headers';

/** Files of the build worth compressing (scripts, styles, SVG, JSON); images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json)$/i;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app (vite output) from the same origin as the API.
 *
 * Hashed files under /assets are cached for a year; index.html is never cached so a new
 * deployment is picked up on the next navigation. Any GET/HEAD outside /api (and the operator
 * routes /health/live, /health/ready, /metrics) that is not a
 * file and has no file extension answers index.html, so the browser router owns deep links such as /timesheets/create.
 * index.html is sent with `<meta property="csp-nonce">` holding this answer's CSP nonce (see
 * security-headers.ts): React Aria puts it on the `<style>` elements it adds.
 *
 * The hashed scripts, styles and SVGs under /assets go in brotli or gzip to a browser that accepts
 * it: as the build compressed them (`.br`, `.gz` beside each file), else compressed once per file
 * here, and kept for the process's life (they never change under a
 * hash): the first screen's JavaScript is ~3× smaller on the wire, which is what a phone on a slow
 * link waits for (docs/decisions/0295-compressed-assets-and-lcp.md). No proxy in front is needed.
 */
export function serveWebApp(app: NestExpressApplication, distDir: string): void {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    console.warn(`Web app not built (${indexFile} is missing); run npm run build:web.`);
    return;
  }

  const sendPage = (res: Response, next: NextFunction) => {
    readFile(indexFile, 'utf8').then((html) => {
      const meta = `<meta property="csp-nonce" nonce="${cspNonceOf(res)}" />`;
      res.setHeader('Cache-Control', 'no-cache, no-store, must-revalidate');
      res.type('html').send(html.replace('<head>', `<head>\n    ${meta}`));
    }, next);
  };

  // index.html by name is the page too (the static files below would send it without the nonce).
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.path === '/index.html' && (req.method === 'GET' || req.method === 'HEAD')) sendPage(res, next);
    else next();
  });

  app.use(compressedAssets(join(distDir, 'assets')));

  app.useStaticAssets(distDir, {
    index: false,
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${join(distDir, 'assets')}`)) {
        res.setHeader('Cache-Control', IMMUTABLE);
      } else {
        res.setHeader('Cache-Control', 'no-cache');
      }
    },
  });

  app.use((req: Request, res: Response, next: NextFunction) => {
    const isPageRequest = req.method === 'GET' || req.method === 'HEAD';
    const isApi = req.path === '/api' || req.path.startsWith('/api/') || isOperatorPath(req.path);
    // A missing file (favicon.ico, a stale hashed asset) stays a 404 instead of a page.
    const looksLikeFile = /\.[a-z0-9]+$/i.test(req.path);
    if (!isPageRequest || isApi || looksLikeFile) {
      next();
      return;
    }
    sendPage(res, next);
  });
}

/**
 * A file with the compressed forms the build wrote beside it (`.br`, `.gz`: web/build/
 * precompressed-assets.ts), sent as they are; a form the build did not write is made on demand.
 */
async function keptAsset(file: string): Promise<KeptBody> {
  const beside = (suffix: string) => readFile(`${file}${suffix}`).catch(() => undefined);
  const [body, brotli, gzip] = await Promise.all([readFile(file), beside('.br'), beside('.gz')]);
  return {
    body,
    ...(brotli ? { brotli, brotliStarted: true } : {}),
    ...(gzip ? { gzip: Promise.resolve(gzip) } : {}),
  };
}

/**
 * GET/HEAD of a compressible file of `assetsDir` (listed once at start: a path outside the list
 * is not this middleware's, so no path leaves the folder), sent by sendCompressed; anything else
 * goes on to the static files.
 */
function compressedAssets(assetsDir: string) {
  const names = existsSync(assetsDir) ? readdirSync(assetsDir).filter((name) => COMPRESSIBLE.test(name)) : [];
  const files = new Map(names.map((name) => [`/assets/${name}`, join(assetsDir, name)]));
  const kept = new Map<string, Promise<KeptBody>>();
  return (req: Request, res: Response, next: NextFunction) => {
    const file = files.get(req.path);
    if (!file || (req.method !== 'GET' && req.method !== 'HEAD')) {
      next();
      return;
    }
    let body = kept.get(file);
    if (!body) {
      body = keptAsset(file);
      // A file that cannot be read is not kept: the next request tries again.
      body.catch(() => kept.delete(file));
      kept.set(file, body);
    }
    body
      .then((found) => {
        res.type(extname(file));
        res.setHeader('Cache-Control', IMMUTABLE);
        return sendCompressed(req, res, found);
      })
      .catch(next);
  };
}

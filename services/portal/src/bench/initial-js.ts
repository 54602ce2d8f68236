import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * "Initial JS" of the web app (docs/decisions/0107-initial-js-budget.md): the JavaScript a browser
 * downloads before the app can run on any route, measured on a built `web/dist`: index.html's entry
 * `<script>`, its `<link rel="modulepreload">`s, and (closed over Vite's manifest) every chunk those import
 * statically; each file gzipped on its own with zlib's default level, summed, 1 kB = 1000 bytes.
 * Lazy chunks (routes, features) do not count: they load when a route needs them. `npm run
 * build:web` prints it (web/vite.config.ts) and `npm run bench` puts it beside its goal.
 */

export const INITIAL_JS_GOAL_BYTES = 200_000;

/** One chunk of Vite's `.vite/manifest.json` (only the fields read here). */
export interface ManifestChunk {
  readonly file: string;
  readonly src?: string;
  readonly isEntry?: boolean;
  readonly imports?: readonly string[];
  readonly dynamicImports?: readonly string[];
}

/** Keyed by source path (or `_name` for shared chunks), as Vite writes it. */
export type Manifest = Readonly<Record<string, ManifestChunk>>;

/** The module scripts and modulepreloads index.html names, as dist-relative paths ('assets/x.js'). */
export function pageScripts(html: string): string[] {
  const tags = html.match(/<(?:script|link)\b[^>]*>/gi) ?? [];
  const files: string[] = [];
  for (const tag of tags) {
    const isScript = /^<script\b/i.test(tag) && /\btype=["']?module\b/i.test(tag);
    const isPreload = /^<link\b/i.test(tag) && /\brel=["']?modulepreload\b/i.test(tag);
    const url = /\b(?:src|href)=["']?([^"'\s>]+)/i.exec(tag)?.[1];
    if ((isScript || isPreload) && url && !/^[a-z]+:|^\/\//i.test(url)) files.push(url.replace(/^\.?\//, ''));
  }
  return files;
}

/** `files` and every chunk they import statically, by the manifest (files in the manifest's order of discovery). */
function staticClosure(manifest: Manifest, files: readonly string[]): string[] {
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const key of byFile.get(file)?.imports ?? []) {
      const imported = manifest[key];
      if (imported) visit(imported.file);
    }
  };
  files.forEach(visit);
  return [...seen];
}

/** The initial JS files: the page's scripts and modulepreloads, closed over their static imports. */
export function initialJsFiles(html: string, manifest: Manifest): string[] {
  return staticClosure(manifest, pageScripts(html)).filter((file) => file.endsWith('.js'));
}

/**
 * The JS a lazy module (a manifest key such as 'src/features/home/index.ts') adds to the initial
 * JS when its route opens: its chunk and the chunks it imports statically, less those already loaded.
 */
export function lazyJsFiles(manifest: Manifest, key: string, initial: readonly string[]): string[] {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The web manifest has no chunk for ${key}`);
  const loaded = new Set(initial);
  return staticClosure(manifest, [chunk.file]).filter((file) => file.endsWith('.js') && !loaded.has(file));
}

export interface SizedFile {
  readonly file: string;
  readonly gzipBytes: number;
}

export interface RouteJs {
  readonly route: string;
  /** Initial JS plus the route's own lazy chunks. */
  readonly gzipBytes: number;
}

export interface InitialJsReport {
  readonly files: readonly SizedFile[];
  readonly gzipBytes: number;
  readonly routes: readonly RouteJs[];
}

/** What a route loads lazily: its path and the manifest key of the module its `lazy` imports. */
export interface LazyRoute {
  readonly route: string;
  readonly module: string;
}

export const sumGzip = (files: readonly SizedFile[]): number =>
  files.reduce((sum, file) => sum + file.gzipBytes, 0);

/** The figures from the page, its manifest and a gzip size per file (read from disk by `measureWebDist`). */
export function initialJsReport(
  html: string,
  manifest: Manifest,
  gzipSizeOf: (file: string) => number,
  routes: readonly LazyRoute[] = [],
): InitialJsReport {
  const sized = (files: readonly string[]) => files.map((file) => ({ file, gzipBytes: gzipSizeOf(file) }));
  const initialFiles = initialJsFiles(html, manifest);
  const files = sized(initialFiles);
  const gzipBytes = sumGzip(files);
  return {
    files,
    gzipBytes,
    routes: routes.map(({ route, module }) => ({
      route,
      gzipBytes: gzipBytes + sumGzip(sized(lazyJsFiles(manifest, module, initialFiles))),
    })),
  };
}

/** The first screens the figure is also given for: the signed-out landing page and a signed-in route. */
export const FIRST_SCREENS: readonly LazyRoute[] = [
  { route: '/', module: 'src/app/landing-route.tsx' },
  { route: '/home', module: 'src/features/home/index.ts' },
];

/** Where Vite writes its manifest inside the output folder (`build.manifest: true`). */
export const MANIFEST_PATH = join('.vite', 'manifest.json');

/** Measures a built web app; null when `distDir` holds no build (index.html or the manifest missing). */
export function measureWebDist(distDir: string, routes = FIRST_SCREENS): InitialJsReport | null {
  const htmlPath = join(distDir, 'index.html');
  const manifestPath = join(distDir, MANIFEST_PATH);
  if (!existsSync(htmlPath) || !existsSync(manifestPath)) return null;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  return initialJsReport(
    readFileSync(htmlPath, 'utf8'),
    manifest,
    (file) => gzipSync(readFileSync(join(distDir, file))).length,
    routes,
  );
}

export const fmtKb = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`;

/** The line the build prints, e.g. "initial JS: 180.2 kB gzip (goal ≤ 200 kB) in 5 files; with / 182.0 kB, ...". */
export function describeInitialJs(report: InitialJsReport): string {
  const verdict = report.gzipBytes <= INITIAL_JS_GOAL_BYTES ? '' : ' OVER';
  const routes = report.routes.map((r) => `${r.route} ${fmtKb(r.gzipBytes)}`).join(', ');
  return (
    `initial JS: ${fmtKb(report.gzipBytes)} gzip (goal ≤ ${INITIAL_JS_GOAL_BYTES / 1000} kB)${verdict}` +
    ` in ${report.files.length} files` +
    (routes ? `; with the first route's own chunks: ${routes}` : '')
  );
}

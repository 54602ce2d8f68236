'use strict';
/**
 * "Initial JS" of the web app (docs/decisions/0107-initial-js-budget.md): the JavaScript a browser downloads before the
 * app can run on any route, measured on a built `web/dist`. Plain CommonJS with its types beside it
 * (initial-js.d.cts), so both of its users load it as it is, with no build of its own: the web
 * build (web/vite.config.ts prints the figure after `npm run build:web`) and the bench
 * (services/portal/src/bench/run.ts puts it beside its goal). The web imports nothing of the
 * backend; the backend's bench may import this. Unit test: initial-js.spec.ts.
 */
const { existsSync, readFileSync } = require('node:fs');
const { join } = require('node:path');
const { gzipSync } = require('node:zlib');

const INITIAL_JS_GOAL_BYTES = 200_000;

/** The module scripts and modulepreloads index.html names, as dist-relative paths ('assets/x.js'). */
function pageScripts(html) {
  const tags = html.match(/<(?:script|link)\b[^>]*>/gi) ?? [];
  const files = [];
  for (const tag of tags) {
    const isScript = /^<script\b/i.test(tag) && /\btype=["']?module\b/i.test(tag);
    const isPreload = /^<link\b/i.test(tag) && /\brel=["']?modulepreload\b/i.test(tag);
    const url = /\b(?:src|href)=["']?([^"'\s>]+)/i.exec(tag)?.[1];
    if ((isScript || isPreload) && url && !/^[a-z]+:|^\/\//i.test(url)) files.push(url.replace(/^\.?\//, ''));
  }
  return files;
}

/** `files` and every chunk they import statically, by the manifest (files in the manifest's order of discovery). */
function staticClosure(manifest, files) {
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const seen = new Set();
  const visit = (file) => {
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
function initialJsFiles(html, manifest) {
  return staticClosure(manifest, pageScripts(html)).filter((file) => file.endsWith('.js'));
}

/** The JS a lazy module adds to the initial JS when its route opens (less the chunks already loaded). */
function lazyJsFiles(manifest, key, initial) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The web manifest has no chunk for ${key}`);
  const loaded = new Set(initial);
  return staticClosure(manifest, [chunk.file]).filter((file) => file.endsWith('.js') && !loaded.has(file));
}

const sumGzip = (files) => files.reduce((sum, file) => sum + file.gzipBytes, 0);

/** The figures from the page, its manifest and a gzip size per file (read from disk by `measureWebDist`). */
function initialJsReport(html, manifest, gzipSizeOf, routes = []) {
  const sized = (files) => files.map((file) => ({ file, gzipBytes: gzipSizeOf(file) }));
  const initialFiles = initialJsFiles(html, manifest);
  const files = sized(initialFiles);
  const gzipBytes = sumGzip(files);
  return {
    files,
    gzipBytes,
    routes: routes.map(({ route, module, budgeted }) => ({
      route,
      gzipBytes: gzipBytes + sumGzip(sized(lazyJsFiles(manifest, module, initialFiles))),
      budgeted: budgeted === true,
    })),
  };
}

/**
 * The first screens the figure is also given for: the landing page a visitor opens signed out, and
 * the three a contractor opens most (on a phone, on a site's connection). Each is held to the
 * same goal as the initial JS in the bench (INITIAL_JS_GOAL_BYTES); a `budgeted` one (under the
 * goal once) also fails the build when it goes over (docs/decisions/0298-route-budgets.md).
 */
const FIRST_SCREENS = [
  { route: '/', module: 'src/app/landing-route.tsx', budgeted: true },
  { route: '/home', module: 'src/features/home/index.ts', budgeted: true },
  { route: '/timesheets/create', module: 'src/features/timesheets/index.ts' },
  { route: '/expenses/create', module: 'src/features/expenses/index.ts' },
];

/** Where Vite writes its manifest inside the output folder (`build.manifest: true`). */
const MANIFEST_PATH = join('.vite', 'manifest.json');

/** Measures a built web app; null when `distDir` holds no build (index.html or the manifest missing). */
function measureWebDist(distDir, routes = FIRST_SCREENS) {
  const htmlPath = join(distDir, 'index.html');
  const manifestPath = join(distDir, MANIFEST_PATH);
  if (!existsSync(htmlPath) || !existsSync(manifestPath)) return null;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  return initialJsReport(
    readFileSync(htmlPath, 'utf8'),
    manifest,
    (file) => gzipSync(readFileSync(join(distDir, file))).length,
    routes,
  );
}

const fmtKb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/** The line the build prints, e.g. "initial JS: 180.2 kB gzip (goal ≤ 200 kB) in 5 files; with / 182.0 kB, ...". */
function describeInitialJs(report) {
  const verdict = report.gzipBytes <= INITIAL_JS_GOAL_BYTES ? '' : ' OVER';
  const routes = report.routes.map((r) => `${r.route} ${fmtKb(r.gzipBytes)}`).join(', ');
  return (
    `initial JS: ${fmtKb(report.gzipBytes)} gzip (goal ≤ ${INITIAL_JS_GOAL_BYTES / 1000} kB)${verdict}` +
    ` in ${report.files.length} files` +
    (routes ? `; with the first route's own chunks: ${routes}` : '')
  );
}

const LOAD_IT_LAZILY =
  'load the code that pushed it over lazily (with a route, a dialog or a part below the fold), ' +
  'or say in docs/decisions why the budget moves.';

/**
 * Why a build must fail, or null: the initial JS over its goal, or a budgeted first screen (its
 * initial JS and own chunks) over it. A first screen not yet budgeted is shown, not refused.
 */
function budgetProblem(report) {
  const budget = `${INITIAL_JS_GOAL_BYTES / 1000} kB`;
  if (report.gzipBytes > INITIAL_JS_GOAL_BYTES) {
    return `The initial JS is ${fmtKb(report.gzipBytes)} gzip, over its budget of ${budget}: ${LOAD_IT_LAZILY}`;
  }
  const over = report.routes.find((r) => r.budgeted && r.gzipBytes > INITIAL_JS_GOAL_BYTES);
  if (!over) return null;
  return (
    `The JS of ${over.route} (the initial JS and the route's own chunks) is ${fmtKb(over.gzipBytes)} gzip, ` +
    `over its budget of ${budget}: ${LOAD_IT_LAZILY}`
  );
}

module.exports = {
  INITIAL_JS_GOAL_BYTES,
  budgetProblem,
  FIRST_SCREENS,
  MANIFEST_PATH,
  pageScripts,
  initialJsFiles,
  lazyJsFiles,
  sumGzip,
  initialJsReport,
  measureWebDist,
  fmtKb,
  describeInitialJs,
};

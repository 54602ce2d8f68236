import { describe, expect, it } from '@jest/globals';
import {
  budgetProblem,
  describeInitialJs,
  initialJsFiles,
  initialJsReport,
  lazyJsFiles,
  pageScripts,
  type Manifest,
} from './initial-js.cjs';

/** A page and manifest shaped like Vite's: an entry, two preloads, a lazy route and a lazy feature. */
const html = `<!doctype html><html><head>
  <script type="module" crossorigin src="/assets/main-a1.js"></script>
  <link rel="modulepreload" crossorigin href="/assets/vendor-b2.js">
  <link rel="modulepreload" crossorigin href="/assets/ui-c3.js">
  <link rel="stylesheet" crossorigin href="/assets/main-d4.css">
  <link rel="icon" href="/favicon.svg">
</head><body><div id="root"></div></body></html>`;

const manifest: Manifest = {
  'index.html': {
    file: 'assets/main-a1.js',
    isEntry: true,
    imports: ['_vendor-b2.js', '_ui-c3.js'],
    dynamicImports: ['src/app/landing-route.tsx', 'src/features/reports/index.ts'],
  },
  '_vendor-b2.js': { file: 'assets/vendor-b2.js' },
  // Imported by a preload but not named in the page: still initial.
  '_ui-c3.js': { file: 'assets/ui-c3.js', imports: ['_vendor-b2.js', '_icons-e5.js'] },
  '_icons-e5.js': { file: 'assets/icons-e5.js' },
  'src/app/landing-route.tsx': { file: 'assets/landing-f6.js', imports: ['index.html', '_ui-c3.js'] },
  'src/features/reports/index.ts': { file: 'assets/reports-g7.js', imports: ['index.html', '_charts-h8.js'] },
  '_charts-h8.js': { file: 'assets/charts-h8.js', imports: ['_vendor-b2.js'] },
};

const sizes: Record<string, number> = {
  'assets/main-a1.js': 100_000,
  'assets/vendor-b2.js': 50_000,
  'assets/ui-c3.js': 30_000,
  'assets/icons-e5.js': 5_000,
  'assets/landing-f6.js': 1_000,
  'assets/reports-g7.js': 4_000,
  'assets/charts-h8.js': 40_000,
};
const sizeOf = (file: string): number => {
  const size = sizes[file];
  if (size === undefined) throw new Error(`unexpected file ${file}`);
  return size;
};

describe('initial JS of the web app', () => {
  it('reads the module script and the modulepreloads of the page, not its styles or icon', () => {
    expect(pageScripts(html)).toEqual(['assets/main-a1.js', 'assets/vendor-b2.js', 'assets/ui-c3.js']);
  });

  it('adds the static imports of the preloaded chunks and leaves lazy chunks out', () => {
    expect(initialJsFiles(html, manifest)).toEqual([
      'assets/main-a1.js',
      'assets/vendor-b2.js',
      'assets/ui-c3.js',
      'assets/icons-e5.js',
    ]);
  });

  it('counts for a lazy route only the chunks the initial JS has not loaded', () => {
    const initial = initialJsFiles(html, manifest);
    expect(lazyJsFiles(manifest, 'src/app/landing-route.tsx', initial)).toEqual(['assets/landing-f6.js']);
    expect(lazyJsFiles(manifest, 'src/features/reports/index.ts', initial)).toEqual([
      'assets/reports-g7.js',
      'assets/charts-h8.js',
    ]);
    expect(() => lazyJsFiles(manifest, 'src/features/missing/index.ts', initial)).toThrow(/no chunk/);
  });

  it('sums the gzip sizes and says whether the goal is met', () => {
    const report = initialJsReport(html, manifest, sizeOf, [
      { route: '/', module: 'src/app/landing-route.tsx' },
      { route: '/reports', module: 'src/features/reports/index.ts' },
    ]);
    expect(report.gzipBytes).toBe(185_000);
    expect(report.routes).toEqual([
      { route: '/', gzipBytes: 186_000, budgeted: false },
      { route: '/reports', gzipBytes: 229_000, budgeted: false },
    ]);
    expect(describeInitialJs(report)).toBe(
      "initial JS: 185.0 kB gzip (goal ≤ 200 kB) in 4 files; with the first route's own chunks: / 186.0 kB, /reports 229.0 kB",
    );
  });

  it('marks a figure over the goal, and fails the build over it only', () => {
    const report = initialJsReport(html, manifest, (file) => sizeOf(file) * 2);
    expect(describeInitialJs(report)).toBe('initial JS: 370.0 kB gzip (goal ≤ 200 kB) OVER in 4 files');
    expect(budgetProblem(report)).toMatch(/^The initial JS is 370\.0 kB gzip, over its budget of 200 kB: /);
    expect(budgetProblem(initialJsReport(html, manifest, sizeOf))).toBeNull();
  });

  it('fails the build over a budgeted route only, naming the route', () => {
    const routes = (budgeted: boolean) => [
      { route: '/', module: 'src/app/landing-route.tsx', budgeted: true },
      { route: '/reports', module: 'src/features/reports/index.ts', budgeted },
    ];
    expect(budgetProblem(initialJsReport(html, manifest, sizeOf, routes(false)))).toBeNull();
    expect(budgetProblem(initialJsReport(html, manifest, sizeOf, routes(true)))).toMatch(
      /^The JS of \/reports \(the initial JS and the route's own chunks\) is 229\.0 kB gzip, over its budget of 200 kB: /,
    );
  });
});

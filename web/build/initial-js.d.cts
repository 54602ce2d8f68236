/**
 * The types of initial-js.cjs: "Initial JS" of the web app (docs/decisions/0107-initial-js-budget.md), the JavaScript a
 * browser downloads before the app can run on any route, measured on a built `web/dist`:
 * index.html's entry `<script>`, its `<link rel="modulepreload">`s, and (closed over Vite's
 * manifest) every chunk those import statically; each file gzipped on its own with zlib's default
 * level, summed, 1 kB = 1000 bytes. Lazy chunks (routes, features) do not count: they load when a
 * route needs them. `npm run build:web` prints it (web/vite.config.ts) and `npm run bench` puts it
 * beside its goal (services/portal/src/bench/run.ts).
 */

export declare const INITIAL_JS_GOAL_BYTES: number;

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

export interface SizedFile {
  readonly file: string;
  readonly gzipBytes: number;
}

export interface RouteJs {
  readonly route: string;
  /** Initial JS plus the route's own lazy chunks. */
  readonly gzipBytes: number;
  /** Whether the build fails when gzipBytes is over the goal. */
  readonly budgeted: boolean;
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
  /** The build fails when this route's JS is over the goal (record 0298). */
  readonly budgeted?: boolean;
}

/** The first screens the figure is also given for: the signed-out landing page and three a contractor opens most. */
export declare const FIRST_SCREENS: readonly LazyRoute[];

/** Where Vite writes its manifest inside the output folder (`build.manifest: true`). */
export declare const MANIFEST_PATH: string;

/** The module scripts and modulepreloads index.html names, as dist-relative paths ('assets/x.js'). */
export declare function pageScripts(html: string): string[];

/** The initial JS files: the page's scripts and modulepreloads, closed over their static imports. */
export declare function initialJsFiles(html: string, manifest: Manifest): string[];

/**
 * The JS a lazy module (a manifest key such as 'src/features/home/index.ts') adds to the initial
 * JS when its route opens: its chunk and the chunks it imports statically, less those already loaded.
 */
export declare function lazyJsFiles(manifest: Manifest, key: string, initial: readonly string[]): string[];

export declare function sumGzip(files: readonly SizedFile[]): number;

/** The figures from the page, its manifest and a gzip size per file (read from disk by `measureWebDist`). */
export declare function initialJsReport(
  html: string,
  manifest: Manifest,
  gzipSizeOf: (file: string) => number,
  routes?: readonly LazyRoute[],
): InitialJsReport;

/** Measures a built web app; null when `distDir` holds no build (index.html or the manifest missing). */
export declare function measureWebDist(
  distDir: string,
  routes?: readonly LazyRoute[],
): InitialJsReport | null;

export declare function fmtKb(bytes: number): string;

/** The line the build prints, e.g. "initial JS: 180.2 kB gzip (goal ≤ 200 kB) in 5 files; with / 182.0 kB, ...". */
export declare function describeInitialJs(report: InitialJsReport): string;

/** Why a build must fail (the initial JS, or a budgeted route's JS, over its goal, with what to do), or null. */
export declare function budgetProblem(report: InitialJsReport): string | null;

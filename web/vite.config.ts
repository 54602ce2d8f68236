import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { budgetProblem, describeInitialJs, measureWebDist } from './build/initial-js.cjs';
import { englishUiStrings } from './build/english-ui-strings';
import { precompressedAssets } from './build/precompressed-assets';
import { portalPwa } from './build/pwa';
import firmContent from './src/content/firm-content.json';
import { firmContentProblems } from './src/content/firm-content.schema';

const webDir = fileURLToPath(new URL('.', import.meta.url));
/** Where `/api` goes in dev; PORTAL_API_URL points it elsewhere (another port, a mock). */
const apiTarget = process.env.PORTAL_API_URL ?? 'http://localhost:3000';
/** A file of the production build inside the react-router package. */
const reactRouterBuild = (file: string) =>
  fileURLToPath(new URL(`../node_modules/react-router/dist/production/${file}`, import.meta.url));
const outDir = fileURLToPath(new URL('./dist', import.meta.url));
/** zod, decimal.js and the contracts' kernel modules that build on them. */
const SCHEMA_MODULES =
  /[\\/]node_modules[\\/](?:zod|decimal\.js)[\\/]|[\\/]contracts[\\/]src[\\/]kernel[\\/](?:fields|money|decimal-rules|zod-settings)\.ts$/;

/**
 * After a build, prints the initial-JS figure and its goal, and fails the build when the figure is
 * over it (docs/decisions/0107-initial-js-budget.md): a change that makes every first screen
 * heavier is refused where it is made, not found later in the bench.
 */
function initialJsFigure(): Plugin {
  return {
    name: 'portal-initial-js',
    apply: 'build',
    closeBundle() {
      const report = measureWebDist(outDir);
      if (!report) return;
      console.log(describeInitialJs(report));
      const problem = budgetProblem(report);
      if (problem) this.error(problem);
    },
  };
}

/**
 * Refuses to build (or serve) with a firm content file that breaks its schema
 * (docs/decisions/0175-firm-content-file.md).
 */
function checkedFirmContent(): Plugin {
  return {
    name: 'portal-firm-content',
    buildStart() {
      const problems = firmContentProblems(firmContent);
      if (problems.length > 0) {
        this.error(`web/src/content/firm-content.json is not valid:\n  ${problems.join('\n  ')}`);
      }
    },
  };
}

export default defineConfig({
  root: webDir,
  // portalPwa: the web manifest and the service worker (docs/decisions/0284-installable-pwa-service-worker.md).
  // precompressedAssets: .br and .gz beside each script and style, made once per build.
  plugins: [
    react(),
    initialJsFigure(),
    checkedFirmContent(),
    englishUiStrings(),
    precompressedAssets(),
    portalPwa(),
  ],
  resolve: {
    alias: [
      {
        find: '@portal/contracts',
        replacement: fileURLToPath(new URL('../services/contracts/src/index.ts', import.meta.url)),
      },
      // React Router's package exports only its development build (dev-only warnings and checks);
      // the browser gets the production build it ships beside it (record 0298).
      { find: /^react-router$/, replacement: reactRouterBuild('index.mjs') },
      { find: /^react-router\/dom$/, replacement: reactRouterBuild('dom-export.mjs') },
    ],
  },
  build: {
    outDir,
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each chunk imports, for the initial-JS figure.
    manifest: true,
    sourcemap: true,
    rolldownOptions: {
      // The second page is where the Entra sign-in popup returns (see features/auth/entra.ts).
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        authRedirect: fileURLToPath(new URL('./auth-redirect.html', import.meta.url)),
      },
      // The form libraries in a chunk of their own, so a screen that only reads (a date helper the
      // contracts' kernel holds beside them) does not load zod and decimal.js (record 0294).
      output: {
        codeSplitting: {
          groups: [{ name: 'schemas', test: SCHEMA_MODULES, includeDependenciesRecursively: false }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
    },
  },
});

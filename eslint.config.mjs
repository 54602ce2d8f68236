import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';
import { TEST_FILES, testDatesPlugin } from './scripts/eslint/test-dates.mjs';

/**
 * The architecture's arrows, enforced by eslint-plugin-import's `no-restricted-paths` (see
 * docs/architecture.md for the picture and docs/decisions/0068-boundaries-lint-no-restricted-paths.md
 * for why this tool):
 * - a bounded context is imported from outside only through its `index.ts`;
 * - a context's `domain/` imports only its own domain, the kernel, contracts and pure libraries;
 * - `kernel/` imports nothing of the backend but itself; `platform/` no context, `app/` or `seed/`;
 * - contracts import no backend or web code;
 * - web features never import each other; `web/src/ui`, `web/src/lib` and `web/src/content` import no
 *   feature or app;
 * - nothing under `web/` imports backend code (services/portal): the web reaches it over HTTP only;
 * - nothing imports `services/portal/src/main.ts` (it starts the portal) but the tests of that
 *   start in services/portal/test.
 */
const SRC = 'services/portal/src';
const subfolders = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const contexts = subfolders(`${SRC}/modules`);
const features = subfolders('web/src/features');

const contextZones = contexts.flatMap((owner) => [
  // Outside the context (other contexts, app, seed, platform, cli): only its index.ts.
  {
    target: [
      `${SRC}/!(modules|bench)/**`,
      ...contexts.filter((c) => c !== owner).map((c) => `${SRC}/modules/${c}/**`),
    ],
    from: `${SRC}/modules/${owner}`,
    except: ['./index.ts'],
    message: `Import the ${owner} context only through its public index (modules/${owner}/index.ts).`,
  },
  {
    target: `${SRC}/modules/${owner}/domain/**`,
    from: SRC,
    except: ['./kernel', `./modules/${owner}/domain`],
    message: 'A domain imports only its own domain, the kernel, contracts and pure libraries.',
  },
]);

const layerZones = [
  {
    target: `${SRC}/kernel/**`,
    from: SRC,
    except: ['./kernel'],
    message: 'The kernel is pure: it imports nothing of the backend but itself.',
  },
  {
    target: `${SRC}/platform/**`,
    from: [`${SRC}/modules`, `${SRC}/app`, `${SRC}/seed`],
    message: 'platform/ knows no context, app/ or seed/: contexts register with it instead.',
  },
  {
    target: `${SRC}/modules/**`,
    from: [`${SRC}/app`, `${SRC}/seed`, `${SRC}/cli`, `${SRC}/bench`],
    message: 'A context does not import app/, seed/, cli/ or bench/.',
  },
  {
    target: 'services/contracts/**',
    from: ['services/portal', 'web'],
    message: 'Contracts are shared by the API and the web: they import neither.',
  },
  ...features.map((feature) => ({
    target: `web/src/features/${feature}/**`,
    from: features.filter((f) => f !== feature).map((f) => `web/src/features/${f}`),
    message: 'Web features never import each other: shared pieces live in web/src/ui or web/src/lib.',
  })),
  {
    target: ['web/src/ui/**', 'web/src/lib/**', 'web/src/content/**'],
    from: ['web/src/features', 'web/src/app'],
    message: 'web/src/ui, web/src/lib and web/src/content import no feature and no app code.',
  },
];

const webZone = {
  target: 'web/**',
  from: 'services/portal',
  message:
    'The web reaches the backend over HTTP only: it imports contracts, never services/portal (the bench may import web/build/ instead).',
};

const mainZone = {
  // Everything but services/portal/test, whose start-up tests run main().
  target: ['!(services)/**', '*.{ts,tsx,js,mjs,cjs}', 'services/!(portal)/**', 'services/portal/!(test)/**'],
  from: `${SRC}/main.ts`,
  message: 'main.ts starts the portal: nothing imports it (its start-up tests live in services/portal/test).',
};

const boundaryZones = [...contextZones, ...layerZones, webZone, mainZone];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'off',
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } } },
    rules: {
      'import/no-restricted-paths': ['error', { zones: boundaryZones }],
    },
  },
  {
    files: [
      'services/**/*.ts',
      'e2e/**/*.ts',
      '*.js',
      '*.ts',
      'scripts/**/*.{js,mjs,cjs}',
      'web/build/**/*.cjs',
    ],
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
  },
  {
    // Tests derive their dates from the run's pinned "now", or say why their dates are fixed
    // (scripts/eslint/test-dates.mjs, docs/decisions/0229-test-dates-at-any-instant.md).
    files: TEST_FILES,
    plugins: { 'test-dates': testDatesPlugin },
    rules: { 'test-dates/no-date-literals': 'error' },
  },
  {
    // Business dates are days of an owner's time zone (docs/decisions/0264-owner-time-zone-business-dates.md):
    // the portal's code asks the BusinessCalendar, the web businessToday(); the UTC day
    // (businessDateOf) is left to tests of date arithmetic.
    files: ['services/portal/src/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    ignores: TEST_FILES,
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='businessDateOf']",
          message:
            "businessDateOf is the UTC day, no owner's: use the BusinessCalendar (server) or businessToday() (web).",
        },
      ],
    },
  },
  {
    // CommonJS scripts (shared by the command line and the tests, or by the web build and the bench)
    // load their modules with require.
    files: ['scripts/**/*.cjs', 'web/build/**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The domain is pure: no platform adapters, no HTTP, no Nest, no database, no I/O.
    files: ['services/portal/src/modules/*/domain/**/*.ts', 'services/portal/src/kernel/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            '@nestjs/*',
            'kysely',
            'pg',
            'express',
            'node:fs*',
            'node:http*',
            'node:net',
            'node:child_process',
          ],
        },
      ],
    },
  },
);

// Fixed dates: lint fixtures, code with date literals linted as if it stood at other paths.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';

/**
 * The architecture's arrows are enforced by `npm run lint` (eslint.config.mjs). These fixtures are
 * linted as if they stood at the given paths: a breach must fail, the allowed arrow must pass. One
 * ESLint process of the project's configuration lints them all (lint-server.mjs), as
 * `eslint --max-warnings=0 --stdin --stdin-filename <path>` would.
 */
const ROOT = join(__dirname, '..', '..', '..');

let server: ChildProcess;
const waiting = new Map<number, (answer: { failed: boolean; output: string }) => void>();
let nextId = 0;

beforeAll(() => {
  server = spawn(process.execPath, [join(__dirname, 'lint-server.mjs'), ROOT], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  createInterface({ input: server.stdout! }).on('line', (line) => {
    const { id, failed, output } = JSON.parse(line) as { id: number; failed: boolean; output: string };
    waiting.get(id)?.({ failed, output });
    waiting.delete(id);
  });
});

afterAll(() => {
  server.stdin!.end();
  server.kill();
});

function lint(filePath: string, code: string): Promise<{ failed: boolean; output: string }> {
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    server.stdin!.write(`${JSON.stringify({ id, filePath, code })}\n`);
  });
}

describe('lint enforces the boundaries between contexts and layers', () => {
  it("fails when a context reaches into another context's files", async () => {
    const result = await lint(
      'services/portal/src/modules/holidays/fixture.ts',
      "import { ReadModelProjectDirectory } from '../catalog/queries/project-directory';\nexport const x = ReadModelProjectDirectory;\n",
    );
    expect(result.failed).toBe(true);
    expect(result.output).toContain('Import the catalog context only through its public index');
  });

  it("passes when a context imports another context's public index", async () => {
    const result = await lint(
      'services/portal/src/modules/holidays/fixture.ts',
      "import { CatalogModule } from '../catalog';\nexport const x = CatalogModule;\n",
    );
    expect(result.output).toBe('');
    expect(result.failed).toBe(false);
  });

  it('fails when platform/ imports a context, app/ or seed/', async () => {
    for (const target of ['../../modules/catalog', '../../app/app.module', '../../seed/demo-data']) {
      const result = await lint(
        'services/portal/src/platform/http/fixture.ts',
        `import * as anything from '${target}';\nexport const x = anything;\n`,
      );
      expect(result.failed).toBe(true);
      expect(result.output).toContain('platform/ knows no context, app/ or seed/');
    }
  });

  it('fails when a domain imports anything but its own domain, the kernel and contracts', async () => {
    const result = await lint(
      'services/portal/src/modules/catalog/domain/fixture.ts',
      "import { Clock } from '../../../platform/clock/clock';\nexport const x = Clock;\n",
    );
    expect(result.failed).toBe(true);
    expect(result.output).toContain('A domain imports only its own domain, the kernel, contracts');

    const pure = await lint(
      'services/portal/src/modules/catalog/domain/fixture.ts',
      "import { DomainError } from '../../../kernel/domain-error';\nimport { catalogMessages } from '@portal/contracts';\nexport const x = [DomainError, catalogMessages];\n",
    );
    expect(pure.output).toBe('');
  });

  it('fails when a web feature imports another feature', async () => {
    const result = await lint(
      'web/src/features/timesheets/fixture.ts',
      "import * as expenses from '../expenses';\nexport const x = expenses;\n",
    );
    expect(result.failed).toBe(true);
    expect(result.output).toContain('Web features never import each other');
  });

  it('fails when contracts import backend code', async () => {
    const result = await lint(
      'services/contracts/src/fixture.ts',
      "import { DomainError } from '../../portal/src/kernel/domain-error';\nexport const x = DomainError;\n",
    );
    expect(result.failed).toBe(true);
    expect(result.output).toContain('Contracts are shared by the API and the web');
  });

  it('fails when anything under web/ imports backend code, the build config included', async () => {
    for (const [path, target] of [
      ['web/src/lib/fixture.ts', '../../../services/portal/src/kernel/domain-error'],
      ['web/fixture.config.ts', '../services/portal/src/platform/clock/clock'],
      ['web/vite.config.ts', '../services/portal/src/bench/run'],
    ]) {
      const result = await lint(path, `import * as backend from '${target}';\nexport const x = backend;\n`);
      expect(result.failed).toBe(true);
      expect(result.output).toContain('The web reaches the backend over HTTP only');
    }
    // Contracts are what the web shares with the backend.
    const shared = await lint(
      'web/src/lib/fixture.ts',
      "import { catalogMessages } from '@portal/contracts';\nexport const x = catalogMessages;\n",
    );
    expect(shared.output).toBe('');
  });

  it('fails when anything but the start-up tests imports main.ts', async () => {
    const importMain = (from: string) => `import { main } from '${from}';\nexport const x = main;\n`;
    for (const [path, from] of [
      ['services/portal/src/platform/database/fixture.int-spec.ts', '../../main'],
      ['services/portal/src/app/fixture.ts', '../main'],
      ['e2e/fixture.ts', '../services/portal/src/main'],
    ]) {
      const result = await lint(path, importMain(from));
      expect(result.failed).toBe(true);
      expect(result.output).toContain('main.ts starts the portal: nothing imports it');
    }
    const startUpTest = await lint('services/portal/test/fixture.int-spec.ts', importMain('../src/main'));
    expect(startUpTest.output).toBe('');
  });
});

describe('lint keeps tests at any instant (scripts/eslint/test-dates.mjs)', () => {
  const TEST = 'services/portal/src/modules/holidays/fixture.int-spec.ts';

  it('fails on an ISO date, month or instant, or a month with its year, in a test without the marker', async () => {
    for (const literal of ["'2026-11'", "'2026-11-23'", '`from=2026-11-01&to=${x}`', "'Nov 2026'"]) {
      const result = await lint(TEST, `const x = 1;\nexport const y = ${literal};\n`);
      expect(result.failed).toBe(true);
      expect(result.output).toContain("derive it from the run's pinned now");
    }
    const instant = await lint(
      'e2e/fixture.spec.ts',
      "export const now = new Date('2026-11-23T10:00:00Z');\n",
    );
    expect(instant.output).toContain("Date literal '2026-11-23'");
  });

  it('passes dates derived from the pinned now, and leaves code outside the tests alone', async () => {
    const derived = await lint(
      TEST,
      [
        "import { runMonth, runToday } from '../../../test/dates';",
        'export const range = `start=${runMonth(-1)}-01&end=${runToday()}`;',
        '',
      ].join('\n'),
    );
    expect(derived.output).toBe('');
    const code = await lint(
      'services/portal/src/modules/holidays/fixture.ts',
      "export const y = '2026-11-23';\n",
    );
    expect(code.output).toBe('');
  });

  it("passes literals in a file that says why its dates are fixed and never reads the run's instant", async () => {
    const marked = await lint(
      'services/contracts/src/fixture.spec.ts',
      "// Fixed dates: billing cycles of given days.\nexport const day = '2026-11-23';\n",
    );
    expect(marked.output).toBe('');
    const ownInstant = await lint(
      TEST,
      [
        "// Fixed dates: the app runs at the file's own instant (NOW).",
        "import { startTestApp } from '../../../test/app-harness';",
        "const NOW = '2026-11-18T15:00:00.000Z';",
        'export const app = () => startTestApp({ now: NOW, seedDemo: true });',
        '',
      ].join('\n'),
    );
    expect(ownInstant.output).toBe('');
  });

  it("fails a marked file that reads the run's instant, and a marker without a reason or a date", async () => {
    const cases: [string, string][] = [
      [
        "// Fixed dates: fixtures.\nimport { testNow } from '../../../test/app-harness';\nexport const x = [testNow, '2026-11'];\n",
        'imports testNow',
      ],
      [
        "// Fixed dates: fixtures.\nimport { startTestApp } from '../../../test/app-harness';\nexport const x = ['2026-11', startTestApp({ seedDemo: true })];\n",
        'startTestApp without its own now',
      ],
      [
        "// Fixed dates: fixtures.\nexport const x = ['2026-11', process.env.PORTAL_NOW];\n",
        'reads process.env.PORTAL_NOW',
      ],
      ["// Fixed dates:\nexport const x = '2026-11';\n", "Say why this file's dates are fixed"],
      ['// Fixed dates: nothing here is a date.\nexport const x = 1;\n', 'This file has no date literal'],
    ];
    for (const [code, message] of cases) {
      const result = await lint(TEST, code);
      expect(result.failed).toBe(true);
      expect(result.output).toContain(message);
    }
  });
});

/**
 * The one inner shape of a bounded context (docs/architecture.md, "Inside a context"): at its root
 * only its public `index.ts`, its `<context>.module.ts`, its controllers and its HTTP integration
 * specs; everything else in one of these folders (a context has only the ones it needs).
 */
const CONTEXT_FOLDERS = ['domain', 'commands', 'queries', 'projections', 'reactions', 'exports', 'adapters'];
const ROOT_FILES = [/^index\.ts$/, /\.controller\.ts$/, /\.int-spec\.ts$/];

/** The departures, each explained at the top of the context's index.ts. */
interface Departure {
  /** Folders beyond CONTEXT_FOLDERS. */
  readonly folders?: readonly string[];
  /** No `<context>.module.ts`: the context is code others build on, not a running part. */
  readonly noModule?: boolean;
}
const DEPARTURES: Readonly<Record<string, Departure>> = {
  expenses: { folders: ['receipts'] },
  lookups: { noModule: true },
};

/** Every entry of `modulesDir` outside the shape, as `modules/<path>: why`. */
function shapeBreaches(modulesDir: string, departures: Readonly<Record<string, Departure>>): string[] {
  const breaches: string[] = [];
  const listing = (dir: string) =>
    readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  for (const context of listing(modulesDir)) {
    if (!context.isDirectory()) {
      breaches.push(`modules/${context.name}: a file beside the contexts, not in one`);
      continue;
    }
    const name = context.name;
    const departure = departures[name] ?? {};
    const folders = [...CONTEXT_FOLDERS, ...(departure.folders ?? [])];
    const entries = listing(join(modulesDir, name));
    for (const entry of entries) {
      const path = `modules/${name}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!folders.includes(entry.name))
          breaches.push(`${path}/: not a folder of a context (${CONTEXT_FOLDERS.join(', ')})`);
      } else if (
        entry.name !== `${name}.module.ts` &&
        !ROOT_FILES.some((pattern) => pattern.test(entry.name))
      ) {
        breaches.push(
          `${path}: only index.ts, ${name}.module.ts, controllers and HTTP int-specs stand at a context's root`,
        );
      }
    }
    const names = new Set(entries.map((entry) => entry.name));
    if (!names.has('index.ts')) breaches.push(`modules/${name}/index.ts: missing (a context's public face)`);
    if (!departure.noModule && !names.has(`${name}.module.ts`))
      breaches.push(`modules/${name}/${name}.module.ts: missing`);
    if (departure.noModule && names.has(`${name}.module.ts`))
      breaches.push(`modules/${name}/${name}.module.ts: listed as having no module; remove the departure`);
    for (const folder of departure.folders ?? [])
      if (!names.has(folder))
        breaches.push(`modules/${name}/${folder}/: a listed departure that no longer exists`);
  }
  return breaches;
}

describe('every context keeps the one inner shape', () => {
  it('has no context with a folder or a root file outside the shape, beyond the listed departures', () => {
    expect(shapeBreaches(join(ROOT, 'services', 'portal', 'src', 'modules'), DEPARTURES)).toEqual([]);
  });

  describe('on a made-up modules folder', () => {
    let modulesDir: string;
    const write = (path: string) => {
      mkdirSync(dirname(join(modulesDir, path)), { recursive: true });
      writeFileSync(join(modulesDir, path), '');
    };

    beforeEach(() => {
      modulesDir = mkdtempSync(join(tmpdir(), 'portal-modules-'));
      for (const path of [
        'x/index.ts',
        'x/x.module.ts',
        'x/x.controller.ts',
        'x/admin-x.controller.ts',
        'x/x.http.int-spec.ts',
        'x/domain/x.ts',
        'x/commands/do-x.ts',
        'x/queries/get-x.ts',
        'x/projections/x.projection.ts',
        'x/reactions/x.reactor.ts',
        'x/exports/x-workbook.ts',
        'x/adapters/x.port.ts',
      ])
        write(path);
    });

    afterEach(() => rmSync(modulesDir, { recursive: true, force: true }));

    it('passes a context that has every folder of the shape', () => {
      expect(shapeBreaches(modulesDir, {})).toEqual([]);
    });

    it('fails a helpers/ folder, a stray file or unit spec at the root, and a missing index or module', () => {
      write('x/helpers/format.ts');
      write('x/x-rules.ts');
      write('x/x.spec.ts');
      write('y/queries/get-y.ts');
      write('stray.ts');
      expect(shapeBreaches(modulesDir, {}).sort()).toEqual(
        [
          'modules/stray.ts: a file beside the contexts, not in one',
          'modules/x/helpers/: not a folder of a context (domain, commands, queries, projections, reactions, exports, adapters)',
          "modules/x/x-rules.ts: only index.ts, x.module.ts, controllers and HTTP int-specs stand at a context's root",
          "modules/x/x.spec.ts: only index.ts, x.module.ts, controllers and HTTP int-specs stand at a context's root",
          "modules/y/index.ts: missing (a context's public face)",
          'modules/y/y.module.ts: missing',
        ].sort(),
      );
    });

    it('lets a listed departure through, and fails one that no longer holds', () => {
      write('x/parts/part.ts');
      write('y/index.ts');
      expect(shapeBreaches(modulesDir, { x: { folders: ['parts'] }, y: { noModule: true } })).toEqual([]);
      expect(shapeBreaches(modulesDir, { x: { folders: ['parts', 'gone'] }, y: {} })).toEqual([
        'modules/x/gone/: a listed departure that no longer exists',
        'modules/y/y.module.ts: missing',
      ]);
    });
  });
});

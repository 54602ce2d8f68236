import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * The architecture's arrows are enforced by `npm run lint` (eslint.config.mjs). These fixtures are
 * linted as if they stood at the given paths: a breach must fail, the allowed arrow must pass.
 */
const ROOT = join(__dirname, '..', '..', '..');
const ESLINT = join(ROOT, 'node_modules', '.bin', 'eslint');

function lint(filePath: string, code: string): Promise<{ failed: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      ESLINT,
      ['--max-warnings=0', '--no-warn-ignored', '--stdin', '--stdin-filename', filePath],
      { cwd: ROOT },
      (error, stdout, stderr) => resolve({ failed: error !== null, output: `${stdout}${stderr}` }),
    );
    child.stdin!.end(code);
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

import { execFile } from 'node:child_process';
import { join } from 'node:path';

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

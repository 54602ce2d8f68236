import 'reflect-metadata';
import { openPostgres } from '../platform/database/database';
import { runAuditExport } from './audit-export-run';

/**
 * One audit export in a process of its own, so its peak RSS is the export's and not the bench's:
 * `node audit-export-child.js csv|xlsx <database url> <from instant>`; prints its figures as JSON
 * on stdout (bench/audit.ts runs it). It loads bench/audit-export-run.ts only: the handler, the read
 * model and the database driver.
 */
async function main(): Promise<number> {
  const [format, databaseUrl, from] = process.argv.slice(2);
  if ((format !== 'csv' && format !== 'xlsx') || !databaseUrl || !from) {
    console.error('usage: audit-export-child.js csv|xlsx <database url> <from instant>');
    return 2;
  }
  const handle = openPostgres(databaseUrl, 2);
  try {
    process.stdout.write(JSON.stringify(await runAuditExport(handle.db, format, from)));
    return 0;
  } catch (error) {
    console.error(
      `The audit ${format} export failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return 1;
  } finally {
    await handle.close();
  }
}

void main().then((code) => process.exit(code));

import 'reflect-metadata';
import { openPostgres } from '../platform/database/database';
import { runExport, type ExportKind } from './expense-exports';

/**
 * One expense export in a process of its own, so its peak RSS is the export's and not the
 * bench's: `node export-child.js xlsx|zip <database url> <files folder>`; prints its figures as
 * JSON on stdout (bench/expense-exports.ts runs it).
 */
async function main(): Promise<number> {
  const [kind, databaseUrl, filesFolder] = process.argv.slice(2);
  if ((kind !== 'xlsx' && kind !== 'zip') || !databaseUrl || !filesFolder) {
    console.error('usage: export-child.js xlsx|zip <database url> <files folder>');
    return 2;
  }
  const handle = openPostgres(databaseUrl, 2);
  try {
    const figures = await runExport(kind as ExportKind, handle.db, filesFolder);
    process.stdout.write(JSON.stringify(figures));
    return 0;
  } catch (error) {
    console.error(
      `The ${kind} export failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return 1;
  } finally {
    await handle.close();
  }
}

void main().then((code) => process.exit(code));

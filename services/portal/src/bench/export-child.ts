import 'reflect-metadata';
import { openPostgres } from '../platform/database/database';
import { runExport, type ExportKind } from './expense-exports';

/**
 * One expense export in a process of its own, so its peak RSS is the export's and not the
 * bench's: `node export-child.js xlsx|zip <database url> <files folder> <rows> <receipts>`; prints
 * its figures as JSON on stdout (bench/expense-exports.ts runs it).
 */
async function main(): Promise<number> {
  const [kind, databaseUrl, filesFolder, rows, receipts] = process.argv.slice(2);
  const sizes = { rows: Number(rows), receipts: Number(receipts) };
  if (
    (kind !== 'xlsx' && kind !== 'zip') ||
    !databaseUrl ||
    !filesFolder ||
    !Number.isInteger(sizes.rows) ||
    !Number.isInteger(sizes.receipts)
  ) {
    console.error('usage: export-child.js xlsx|zip <database url> <files folder> <rows> <receipts>');
    return 2;
  }
  const handle = openPostgres(databaseUrl, 2);
  try {
    const figures = await runExport(kind as ExportKind, handle.db, filesFolder, sizes);
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

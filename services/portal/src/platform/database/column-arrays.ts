import { CompiledQuery } from 'kysely';
import type { Database } from './database';

/** Rows as one array per column (the n-th value of every row in the n-th array). */
export function columnArrays(rows: readonly (readonly unknown[])[]): unknown[][] {
  const columns: unknown[][] = (rows[0] ?? []).map(() => []);
  for (const row of rows) row.forEach((value, i) => columns[i].push(value));
  return columns;
}

/**
 * Runs a raw statement that reads its rows from one array parameter per column
 * (`from unnest($1::uuid[], $2::int[], ...) as r(...)`): one round trip and no query building for
 * any number of rows. Unqualified table names resolve through the handle's search_path, which the
 * projection runner scopes to the projection's schema (for every batch, rebuild and past view).
 */
export async function executeOverColumns(
  db: Database,
  statement: string,
  rows: readonly (readonly unknown[])[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.executeQuery(CompiledQuery.raw(statement, columnArrays(rows)));
}

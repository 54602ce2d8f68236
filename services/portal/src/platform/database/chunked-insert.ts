/** PostgreSQL takes at most 65,535 parameters in one statement; stay clear of it. */
const MAX_PARAMETERS = 60_000;

/**
 * Writes `rows` in statements that each stay under PostgreSQL's parameter limit: `write` gets
 * successive slices of at most 60,000 / (columns per row) rows, one after another. An event may
 * carry any number of rows; one statement for all of them would fail and stall its projection.
 */
export async function inParameterSafeChunks<Row extends object>(
  rows: readonly Row[],
  write: (chunk: Row[]) => Promise<unknown>,
): Promise<void> {
  if (rows.length === 0) return;
  const perRow = Math.max(1, Object.keys(rows[0]).length);
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / perRow));
  for (let start = 0; start < rows.length; start += size) await write(rows.slice(start, start + size));
}

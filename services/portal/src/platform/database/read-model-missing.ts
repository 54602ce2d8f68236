/**
 * A query on a read model whose tables no projector has created yet (a fresh database, or an api
 * process started before any projector): PostgreSQL's undefined_table (42P01) on a read-model
 * schema (`rm_*`). A passing state, not a bug: the HTTP edge answers 503, and the demo seed waits.
 */
export function isReadModelNotBuiltYet(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code } = error as Error & { code?: unknown };
  return code === '42P01' && /relation "rm_/.test(error.message);
}

import type { Database } from '../src/platform/database/database';

/**
 * A handle on `db` that counts the statements naming `table` (Kysely's own queries; raw `sql`
 * templates are not seen): `const reads = countedQueries(db, 'job_outbox'); ... reads.count`.
 */
export function countedQueries(db: Database, table: string): { readonly db: Database; count: number } {
  const counter = {
    count: 0,
    db: db.withPlugin({
      transformQuery: (args) => {
        if (JSON.stringify(args.node).includes(table)) counter.count += 1;
        return args.node;
      },
      transformResult: (args) => Promise.resolve(args.result),
    }),
  };
  return counter;
}

import type { Kysely } from 'kysely';
import type { Database } from './database';

/**
 * A context's typed view of its own tables: the shared handle `db` (or a transaction of it),
 * scoped to `schema` when given (e.g. `readModelSchema(name)` for a read model's queries; a
 * projection's `apply` gets a handle already scoped), typed with the context's table interface
 * `T`. The one place the shared handle changes its type: the platform cannot know the contexts'
 * tables, and a context must not see the platform's, so the view is asserted here, once, rather
 * than typed loosely everywhere. `T` must describe the tables that really are in that schema.
 */
export function tablesOf<T>(db: Database, schema?: string): Kysely<T> {
  const scoped = schema === undefined ? db : db.withSchema(schema);
  return scoped as unknown as Kysely<T>;
}

import {
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

/**
 * Kysely's own PostgreSQL introspector reads every table of every schema and calls
 * `has_schema_privilege` per schema name; a projector dropping its `rm_*__next` schema in the
 * same moment makes that call fail ("schema … does not exist"), and with it the start-up of
 * another process, whose migrator only wanted to know whether its two tables exist. This one
 * looks in the current schema only, by name, and calls no function per schema. It answers the
 * migrator's needs (names); it does not list columns.
 */
export class CurrentSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace`.execute(
      this.db,
    );
    return rows.map((row) => ({ name: row.name }));
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; schema: string; kind: string }>`
      select c.relname as name, ns.nspname as schema, c.relkind as kind
        from pg_catalog.pg_class c
        join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
       where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p')
       order by c.relname`.execute(this.db);
    return rows.map((row) => ({ name: row.name, schema: row.schema, isView: row.kind === 'v', columns: [] }));
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}

/** PostgreSQL with the introspector above (see there why). */
export class PortalPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}

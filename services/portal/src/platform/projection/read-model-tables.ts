import type { ColumnBuilderCallback, CreateTableBuilder, Kysely } from 'kysely';
import type { Database } from '../database/database';
import { tablesOf } from '../database/typed-view';
import type { RecordedEvent } from '../event-store/event-store.port';
import type { HandledEvents } from './handled-events';
import { readModelSchema, type Projection } from './projection';

/** The column types the read models use. */
export type ColumnDataType =
  'text' | 'integer' | 'bigint' | 'boolean' | 'numeric' | 'date' | 'timestamptz' | 'jsonb' | 'uuid';

/**
 * A column, as its SQL reads: `'text'` may be null, `'text not null'`, `'text primary key'`; or a
 * type and a Kysely column callback for anything more (a default, a unique constraint).
 */
export type ColumnSpec =
  | ColumnDataType
  | `${ColumnDataType} not null`
  | `${ColumnDataType} primary key`
  | readonly [ColumnDataType, ColumnBuilderCallback];

/** The columns of a table: those of its row interface `Row`, in the order they are created. */
export type ColumnSpecs<Row = Record<string, unknown>> = { readonly [C in keyof Row & string]: ColumnSpec };

/** One table of a read model: its columns, its key of several columns, its indexes. */
export interface TableSpec<Row = Record<string, unknown>> {
  readonly columns: ColumnSpecs<Row>;
  /** A key of several columns: the constraint `{table}_pk`, or `primaryKeyName`. */
  readonly primaryKey?: readonly (keyof Row & string)[];
  readonly primaryKeyName?: string;
  /** The indexes by name, each its columns in order. */
  readonly indexes?: Readonly<Record<string, readonly (keyof Row & string)[]>>;
}

/** The tables of a read model `T` (its table interfaces by name), created in the order given. */
export type TableSpecs<T> = { readonly [K in keyof T & string]?: TableSpec<T[K]> };

const constraints: Record<string, ColumnBuilderCallback> = {
  'not null': (c) => c.notNull(),
  'primary key': (c) => c.primaryKey(),
};

/** Creates one table and then its indexes in `db` (a read model's scoped handle). */
export async function createTable(db: Database, name: string, spec: TableSpec): Promise<void> {
  let table: CreateTableBuilder<string, string> = db.schema.createTable(name);
  for (const [column, columnSpec] of Object.entries<ColumnSpec>(spec.columns)) {
    if (typeof columnSpec !== 'string') {
      table = table.addColumn(column, columnSpec[0], columnSpec[1]);
      continue;
    }
    const [type, constraint] = columnSpec.split(/ (.*)/) as [ColumnDataType, string | undefined];
    table = constraint
      ? table.addColumn(column, type, constraints[constraint])
      : table.addColumn(column, type);
  }
  if (spec.primaryKey)
    table = table.addPrimaryKeyConstraint(spec.primaryKeyName ?? `${name}_pk`, [...spec.primaryKey]);
  await table.execute();
  for (const [index, columns] of Object.entries(spec.indexes ?? {}))
    await db.schema
      .createIndex(index)
      .on(name)
      .columns([...columns])
      .execute();
}

/** A projection's `createTables`: the tables of `specs`, one after the other. */
export function createTables(
  specs: Readonly<Record<string, TableSpec | undefined>>,
): (db: Database) => Promise<void> {
  return async (db) => {
    for (const [name, spec] of Object.entries(specs)) if (spec) await createTable(db, name, spec);
  };
}

/** A read model's typed view for its queries: `tablesOf<T>` scoped to the schema `rm_{name}`. */
export function readModelTables<T>(readModel: string): (db: Database) => Kysely<T> {
  return (db) => tablesOf<T>(db, readModelSchema(readModel));
}

/**
 * What most projections are: the events `handled` of union `E`, the tables `tables` of read model
 * `T`, and how one event changes them. `apply` sees only handled events, already narrowed to `E`,
 * and the tables through the typed view.
 */
export interface EventProjection<E extends { readonly type: string }, T> {
  readonly name: string;
  readonly version: number;
  readonly handled: HandledEvents<E>;
  readonly tables: TableSpecs<T>;
  apply(event: RecordedEvent & E, rm: Kysely<T>): Promise<void>;
}

/** The `Projection` of an `EventProjection`: events it does not handle change nothing. */
export function projectionOf<E extends { readonly type: string }, T>(
  spec: EventProjection<E, T>,
): Projection {
  return {
    name: spec.name,
    version: spec.version,
    eventTypes: spec.handled.types,
    createTables: createTables(spec.tables),
    async apply(event: RecordedEvent, db: Database): Promise<void> {
      if (spec.handled.has(event)) await spec.apply(event, tablesOf<T>(db));
    },
  };
}

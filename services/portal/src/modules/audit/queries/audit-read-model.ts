import { Injectable } from '@nestjs/common';
import type { AuditChange, AuditEntityKind, AuditEntryView, AuditFilters } from '@portal/contracts';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import { auditTables, type AuditTables } from '../projections/audit-tables';

/** Owner scope of the asker: null = every owner; 2 = only entries about owner-2 people and projects. */
export type AuditScope = number | null;

type Joined = AuditTables & { p: AuditTables['people'] };
type EntriesQuery = SelectQueryBuilder<Joined, 'entries' | 'p', object>;

const SELECTED = [
  'entries.seq',
  'entries.event_id',
  'entries.event_type',
  'entries.stream_id',
  'entries.occurred_at',
  'entries.actor_id',
  'entries.actor_name',
  'entries.subject_person_id',
  'p.name as subject_name',
  'entries.entity_kind',
  'entries.entity_id',
  'entries.command',
  'entries.reason',
  'entries.changes',
] as const;

interface Selected {
  seq: string;
  event_id: string;
  event_type: string;
  stream_id: string;
  occurred_at: Date;
  actor_id: string;
  actor_name: string;
  subject_person_id: number | null;
  subject_name: string | null;
  entity_kind: string;
  entity_id: string;
  command: string;
  reason: string | null;
  changes: unknown;
}

function view(row: Selected): AuditEntryView {
  return {
    seq: String(row.seq),
    eventId: row.event_id,
    eventType: row.event_type,
    streamId: row.stream_id,
    occurredAt: new Date(row.occurred_at).toISOString(),
    actorId: row.actor_id,
    actorName: row.actor_name,
    subjectPersonId: row.subject_person_id,
    subjectPersonName: row.subject_name,
    entityKind: row.entity_kind as AuditEntityKind,
    entityId: row.entity_id,
    command: row.command,
    reason: row.reason,
    changes: (Array.isArray(row.changes) ? row.changes : []) as AuditChange[],
  };
}

/** Where a page ended (newest first): the next page reads strictly older rows. */
interface Cursor {
  readonly at: Date;
  readonly seq: string;
}

/** The audit read model (`rm_audit`), as the queries read it. */
@Injectable()
export class AuditReadModel {
  private readonly rm: Kysely<AuditTables>;

  constructor(@InjectDatabase() db: Database) {
    this.rm = auditTables(db);
  }

  private base(scope: AuditScope): EntriesQuery {
    let query = this.rm
      .selectFrom('entries')
      .leftJoin('people as p', 'p.staff_id', 'entries.subject_person_id') as unknown as EntriesQuery;
    if (scope !== null) query = query.where('entries.owner_id', '=', scope);
    return query;
  }

  private filtered(filters: AuditFilters, scope: AuditScope): EntriesQuery {
    let query = this.base(scope);
    if (filters.person !== null) query = query.where('entries.subject_person_id', '=', filters.person);
    if (filters.entityKind !== null) query = query.where('entries.entity_kind', '=', filters.entityKind);
    if (filters.entityId !== null) query = query.where('entries.entity_id', '=', filters.entityId);
    if (filters.actor !== null) query = query.where('entries.actor_id', '=', filters.actor);
    if (filters.type !== null) query = query.where('entries.event_type', '=', filters.type);
    if (filters.from !== null) query = query.where('entries.occurred_at', '>=', new Date(filters.from));
    if (filters.to !== null) query = query.where('entries.occurred_at', '<=', new Date(filters.to));
    return query;
  }

  /** One page, newest first; one row more is read to say whether another page follows. */
  async search(
    filters: AuditFilters,
    scope: AuditScope,
    page: number,
    pageSize: number,
  ): Promise<{ entries: AuditEntryView[]; hasMore: boolean }> {
    const rows = (await this.filtered(filters, scope)
      .select(SELECTED)
      .orderBy('entries.occurred_at', 'desc')
      .orderBy('entries.seq', 'desc')
      .offset((page - 1) * pageSize)
      .limit(pageSize + 1)
      .execute()) as Selected[];
    return { entries: rows.slice(0, pageSize).map(view), hasMore: rows.length > pageSize };
  }

  /** One entity's every entry, oldest first (log order). */
  async history(kind: AuditEntityKind, entityId: string, scope: AuditScope): Promise<AuditEntryView[]> {
    const rows = (await this.base(scope)
      .where('entries.entity_kind', '=', kind)
      .where('entries.entity_id', '=', entityId)
      .select(SELECTED)
      .orderBy('entries.seq', 'asc')
      .execute()) as Selected[];
    return rows.map(view);
  }

  /**
   * Every matching row, newest first, in pages read by keyset (occurred_at, seq): each page is a
   * fresh indexed read after the last row, so nothing but one page is ever held.
   */
  async *pages(filters: AuditFilters, scope: AuditScope, pageSize = 2000): AsyncGenerator<AuditEntryView[]> {
    let cursor: Cursor | null = null;
    for (;;) {
      let query = this.filtered(filters, scope);
      if (cursor) {
        const { at, seq } = cursor;
        // A row comparison, not `a < x or (a = x and b < y)`: PostgreSQL makes it the index
        // condition, so each page starts at the cursor instead of re-reading every newer row
        // (quadratic over a 1,000,000-event export; see
        // docs/decisions/0197-audit-export-keyset-and-bench.md).
        query = query.where((eb) =>
          eb(eb.refTuple('entries.occurred_at', 'entries.seq'), '<', eb.tuple(at, seq)),
        );
      }
      const rows = (await query
        .select(SELECTED)
        .orderBy('entries.occurred_at', 'desc')
        .orderBy('entries.seq', 'desc')
        .limit(pageSize)
        .execute()) as Selected[];
      if (rows.length === 0) return;
      const last = rows[rows.length - 1];
      cursor = { at: new Date(last.occurred_at), seq: String(last.seq) };
      yield rows.map(view);
      if (rows.length < pageSize) return;
    }
  }
}

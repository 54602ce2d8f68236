import { sql, type Insertable } from 'kysely';
import { inParameterSafeChunks } from '../../../platform/database/chunked-insert';
import type { Database } from '../../../platform/database/database';
import { tablesOf } from '../../../platform/database/typed-view';
import { formatPosition, type RecordedEvent } from '../../../platform/event-store/event-store.port';
import type { Projection } from '../../../platform/projection/projection';
import { createTables } from '../../../platform/projection/read-model-tables';
import { AUDITED_EVENT_TYPES, auditRowsOf, commandLabelOf, type AuditRowDraft } from '../domain/audit-rows';
import { ImportFiles } from './import-files';
import {
  AUDIT_READ_MODEL,
  type AuditEntityOwnersTable,
  type AuditEntriesTable,
  type AuditTables,
} from './audit-tables';

export { AUDIT_READ_MODEL };

/** Kinds whose later events may not name their person, project or owner (looked up from the first). */
const REMEMBERED_KINDS = new Set(['vehicle', 'candidate', 'client', 'resume', 'project']);

interface Person {
  name: string;
  owner_id: number | null;
}

const entityKey = (kind: string, id: string) => `${kind}\u0000${id}`;

/**
 * What the batch needs of the lookups, loaded once per batch and updated in memory as its events
 * register people, projects and entities (so one batch is a few queries, not one per event).
 */
class Lookups {
  readonly people = new Map<number, Person>();
  readonly projects = new Map<number, number | null>();
  readonly entities = new Map<string, AuditEntityOwnersTable>();
  readonly changedPeople = new Set<number>();
  readonly changedProjects = new Set<number>();
  readonly changedEntities = new Set<string>();

  constructor(private readonly rm: ReturnType<typeof tablesOf<AuditTables>>) {}

  async load(drafts: readonly AuditRowDraft[]): Promise<void> {
    const people = [
      ...new Set(drafts.map((d) => d.subjectPersonId).filter((id): id is number => id !== null)),
    ];
    const projects = [...new Set(drafts.map((d) => d.projectId).filter((id): id is number => id !== null))];
    const entities = drafts.filter((d) => REMEMBERED_KINDS.has(d.entityKind));
    if (people.length > 0)
      for (const p of await this.rm
        .selectFrom('people')
        .selectAll()
        .where('staff_id', 'in', people)
        .execute())
        this.people.set(p.staff_id, { name: p.name, owner_id: p.owner_id });
    if (projects.length > 0)
      for (const p of await this.rm
        .selectFrom('projects')
        .selectAll()
        .where('project_id', 'in', projects)
        .execute())
        this.projects.set(p.project_id, p.owner_id);
    if (entities.length > 0) {
      const found = await this.rm
        .selectFrom('entity_owners')
        .selectAll()
        .where('entity_id', 'in', [...new Set(entities.map((d) => d.entityId))])
        .execute();
      for (const e of found) this.entities.set(entityKey(e.entity_kind, e.entity_id), e);
    }
  }

  /** Keeps what the event says of a person's name and owner, a project's owner. */
  learn(event: RecordedEvent): void {
    const d = (event.data ?? {}) as Record<string, unknown>;
    const after = (d.after ?? {}) as Record<string, unknown>;
    if (event.type === 'StaffMemberRegistered' && typeof d.staffId === 'number') {
      this.people.set(d.staffId, {
        name: String(d.name ?? ''),
        owner_id: typeof d.ownerId === 'number' ? d.ownerId : null,
      });
      this.changedPeople.add(d.staffId);
    }
    if (
      event.type === 'StaffProfileChanged' &&
      typeof d.staffId === 'number' &&
      typeof after.name === 'string'
    ) {
      const known = this.people.get(d.staffId);
      this.people.set(d.staffId, { name: after.name, owner_id: known?.owner_id ?? null });
      this.changedPeople.add(d.staffId);
    }
    if (event.type === 'ProjectOpened' && typeof d.projectId === 'number') {
      this.projects.set(d.projectId, typeof d.ownerId === 'number' ? d.ownerId : null);
      this.changedProjects.add(d.projectId);
    }
    if (event.type === 'ProjectUpdated' && typeof d.projectId === 'number') {
      const owner = after.ownerId ?? d.ownerId;
      if (typeof owner === 'number') {
        this.projects.set(d.projectId, owner);
        this.changedProjects.add(d.projectId);
      }
    }
  }

  /** The draft with whose, which project and which owner filled in from what is known. */
  resolve(draft: AuditRowDraft): { subject: number | null; project: number | null; owner: number | null } {
    const key = entityKey(draft.entityKind, draft.entityId);
    const remembered = REMEMBERED_KINDS.has(draft.entityKind) ? this.entities.get(key) : undefined;
    const subject = draft.subjectPersonId ?? remembered?.subject_person_id ?? null;
    const project = draft.projectId ?? remembered?.project_id ?? null;
    const owner =
      (subject !== null ? (this.people.get(subject)?.owner_id ?? null) : null) ??
      draft.ownerId ??
      (project !== null ? (this.projects.get(project) ?? null) : null) ??
      remembered?.owner_id ??
      null;
    if (REMEMBERED_KINDS.has(draft.entityKind)) {
      this.entities.set(key, {
        entity_kind: draft.entityKind,
        entity_id: draft.entityId,
        subject_person_id: subject,
        project_id: project,
        owner_id: owner,
      });
      this.changedEntities.add(key);
    }
    return { subject, project, owner };
  }

  async save(): Promise<void> {
    const people = [...this.changedPeople].map((id) => ({ staff_id: id, ...this.people.get(id)! }));
    await inParameterSafeChunks(people, (chunk) =>
      this.rm
        .insertInto('people')
        .values(chunk)
        .onConflict((oc) =>
          oc
            .column('staff_id')
            .doUpdateSet((eb) => ({ name: eb.ref('excluded.name'), owner_id: eb.ref('excluded.owner_id') })),
        )
        .execute(),
    );
    const projects = [...this.changedProjects].map((id) => ({
      project_id: id,
      owner_id: this.projects.get(id) ?? null,
    }));
    await inParameterSafeChunks(projects, (chunk) =>
      this.rm
        .insertInto('projects')
        .values(chunk)
        .onConflict((oc) =>
          oc.column('project_id').doUpdateSet((eb) => ({ owner_id: eb.ref('excluded.owner_id') })),
        )
        .execute(),
    );
    const entities = [...this.changedEntities].map((key) => this.entities.get(key)!);
    await inParameterSafeChunks(entities, (chunk) =>
      this.rm
        .insertInto('entity_owners')
        .values(chunk)
        .onConflict((oc) =>
          oc.columns(['entity_kind', 'entity_id']).doUpdateSet((eb) => ({
            subject_person_id: eb.ref('excluded.subject_person_id'),
            project_id: eb.ref('excluded.project_id'),
            owner_id: eb.ref('excluded.owner_id'),
          })),
        )
        .execute(),
    );
  }
}

/** The audit rows of a batch of events, in log order (pure apart from the lookups). */
export async function applyAuditBatch(events: readonly RecordedEvent[], db: Database): Promise<void> {
  const rm = tablesOf<AuditTables>(db);
  const drafted = events.map((event) => ({ event, drafts: auditRowsOf(event) }));
  const lookups = new Lookups(rm);
  const imports = new ImportFiles(rm);
  await Promise.all([lookups.load(drafted.flatMap((d) => d.drafts)), imports.load(events)]);
  const rows: Omit<Insertable<AuditEntriesTable>, 'seq'>[] = [];
  for (const { event, drafts } of drafted) {
    lookups.learn(event);
    imports.learn(event);
    const imported = imports.reasonOf(event);
    for (const draft of drafts) {
      const { subject, project, owner } = lookups.resolve(draft);
      rows.push({
        position: formatPosition(event.position),
        stream_id: event.streamId,
        revision: event.revision.toString(),
        event_id: event.id,
        event_type: event.type,
        occurred_at: event.metadata.occurredAt,
        actor_id: event.metadata.actor.id,
        actor_name: event.metadata.actor.name,
        subject_person_id: subject,
        project_id: project,
        owner_id: owner,
        entity_kind: draft.entityKind,
        entity_id: draft.entityId,
        command: commandLabelOf(event.type),
        reason: draft.reason ?? imported,
        changes: JSON.stringify(draft.changes),
      });
    }
  }
  await Promise.all([lookups.save(), imports.save()]);
  // seq numbers the rows 1, 2, 3... in log order. Assigned here, not by a sequence: a sequence's
  // numbers are spent by a batch that rolls back (a projector killed mid-batch), so the live table
  // would differ from a clean rebuild. One writer holds the projection's lease, so max + 1 is safe.
  const { last } = await rm
    .selectFrom('entries')
    .select(sql<string>`coalesce(max(seq), 0)::text`.as('last'))
    .executeTakeFirstOrThrow();
  const base = BigInt(last);
  const numbered = rows.map((row, i) => ({ ...row, seq: (base + BigInt(i + 1)).toString() }));
  await inParameterSafeChunks(numbered, (chunk) => rm.insertInto('entries').values(chunk).execute());
}

/**
 * Projection `audit` (schema `rm_audit`): every event of the log as rows of `entries` (who, when,
 * on whose behalf, which entity, before -> after), indexed for the /audit searches and histories.
 */
export const auditProjection: Projection = {
  name: AUDIT_READ_MODEL,
  // 2: entries_by_kind (a search by entity kind over a time range read every row of the range).
  // 3: seq assigned in log order by the projection, not by a sequence (equal to a clean rebuild).
  // 4: AccessRequested, BootstrapAdminClaimed, StaffDirectoryLinked and DirectorySyncCompleted read.
  // 5: imports (issue 25): an event a data import caused says "Imported from file X".
  // 6: ReceiptScanned (issue 26): what OCR read from a photo receipt.
  version: 6,
  eventTypes: AUDITED_EVENT_TYPES,

  createTables: createTables({
    entries: {
      columns: {
        seq: 'bigint primary key',
        position: 'text not null',
        stream_id: 'text not null',
        revision: 'bigint not null',
        event_id: 'text not null',
        event_type: 'text not null',
        occurred_at: 'timestamptz not null',
        actor_id: 'text not null',
        actor_name: 'text not null',
        subject_person_id: 'integer',
        project_id: 'integer',
        owner_id: 'integer',
        entity_kind: 'text not null',
        entity_id: 'text not null',
        command: 'text not null',
        reason: 'text',
        changes: 'jsonb not null',
      },
      // Newest first within each filter: the search reads (filter, occurred_at desc, seq desc).
      indexes: {
        entries_by_time: ['occurred_at', 'seq'],
        entries_by_person: ['subject_person_id', 'occurred_at', 'seq'],
        entries_by_entity: ['entity_kind', 'entity_id', 'seq'],
        // A search by kind alone (every staff record changed this month): without it, the newest-first
        // walk of entries_by_time reads the whole range to find a rare kind.
        entries_by_kind: ['entity_kind', 'occurred_at', 'seq'],
        entries_by_actor: ['actor_id', 'occurred_at', 'seq'],
        entries_by_type: ['event_type', 'occurred_at', 'seq'],
      },
    },
    people: { columns: { staff_id: 'integer primary key', name: 'text not null', owner_id: 'integer' } },
    projects: { columns: { project_id: 'integer primary key', owner_id: 'integer' } },
    imports: { columns: { import_id: 'text primary key', file_name: 'text not null' } },
    entity_owners: {
      columns: {
        entity_kind: 'text not null',
        entity_id: 'text not null',
        subject_person_id: 'integer',
        project_id: 'integer',
        owner_id: 'integer',
      },
      primaryKey: ['entity_kind', 'entity_id'],
    },
  }),

  apply: (event, db) => applyAuditBatch([event], db),
  applyBatch: applyAuditBatch,
};

import type { ColumnType } from 'kysely';
import { readModelTables } from '../../../platform/projection/read-model-tables';

/** The projection's name; its tables live in the schema `rm_audit`. */
export const AUDIT_READ_MODEL = 'audit';

/** One row per entity an event changed (a roster save: one per cell), in log order (`seq`). */
export interface AuditEntriesTable {
  /** 1, 2, 3... in log order, numbered by the projection (see applyAuditBatch). */
  seq: string;
  /** The event's log position, 'commit/prepare'. */
  position: string;
  stream_id: string;
  revision: string;
  event_id: string;
  event_type: string;
  occurred_at: ColumnType<Date, string, string>;
  actor_id: string;
  actor_name: string;
  subject_person_id: number | null;
  project_id: number | null;
  /** The owner the entity falls under (2: visible to sightstream admins); null when unknown. */
  owner_id: number | null;
  entity_kind: string;
  entity_id: string;
  command: string;
  reason: string | null;
  /** [{field, before, after}]; a sealed value is 'sealed', never ciphertext. */
  changes: ColumnType<unknown, string, string>;
}

/** People as the audit needs them: the name shown "on whose behalf" and the owner scope. */
export interface AuditPeopleTable {
  staff_id: number;
  name: string;
  owner_id: number | null;
}

export interface AuditProjectsTable {
  project_id: number;
  owner_id: number | null;
}

/** Whose and which owner's an entity is, for its later events that do not say (a vehicle's change). */
export interface AuditEntityOwnersTable {
  entity_kind: string;
  entity_id: string;
  subject_person_id: number | null;
  project_id: number | null;
  owner_id: number | null;
}

/** Each data import's file, so the events it caused (its id their correlation) say where they came from. */
export interface AuditImportsTable {
  import_id: string;
  file_name: string;
}

export interface AuditTables {
  entries: AuditEntriesTable;
  people: AuditPeopleTable;
  projects: AuditProjectsTable;
  entity_owners: AuditEntityOwnersTable;
  imports: AuditImportsTable;
}

export const auditTables = readModelTables<AuditTables>(AUDIT_READ_MODEL);

import type { CandidateDetails } from '@portal/contracts';
import type { ColumnType, Kysely, Updateable } from 'kysely';
import type { Database } from '../../../platform/database/database';
import { tablesOf } from '../../../platform/database/typed-view';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port';
import { readModelSchema, type Projection } from '../../../platform/projection/projection';
import { handledEvents } from '../../../platform/projection/handled-events';
import type { CandidateEvent } from '../domain/candidate';

/** The projection's name; its table lives in the schema `rm_hiring`. */
export const HIRING_READ_MODEL = 'hiring';

/**
 * The candidates on the list (a removed one's row is deleted; the log keeps it). Personal columns
 * hold the sealed values; an erased candidate's are null, as are its resume columns.
 */
export interface CandidatesTable {
  candidate_id: string;
  owner_id: number;
  discipline: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  local_to_calgary: boolean;
  application_date: string;
  interview_date: string | null;
  interview_notes: string | null;
  status: string;
  resume_id: string | null;
  resume_type: string | null;
  erased: boolean;
  added_at: ColumnType<Date, string, string>;
}

export interface HiringTables {
  candidates: CandidatesTable;
}

export function hiringTables(db: Database): Kysely<HiringTables> {
  return tablesOf<HiringTables>(db, readModelSchema(HIRING_READ_MODEL));
}

const handled = handledEvents<CandidateEvent>(
  'CandidateAdded',
  'CandidateUpdated',
  'CandidateRemoved',
  'CandidateErased',
);

/** The columns of the given fields (all of them when added, the changed ones when updated). */
function columnsOf(d: Partial<CandidateDetails>): Updateable<CandidatesTable> {
  const set: Updateable<CandidatesTable> = {};
  if (d.ownerId !== undefined) set.owner_id = d.ownerId;
  if (d.discipline !== undefined) set.discipline = d.discipline;
  if (d.firstName !== undefined) set.first_name = d.firstName;
  if (d.lastName !== undefined) set.last_name = d.lastName;
  if (d.email !== undefined) set.email = d.email;
  if (d.localToCalgary !== undefined) set.local_to_calgary = d.localToCalgary;
  if (d.applicationDate !== undefined) set.application_date = d.applicationDate;
  if (d.interviewDate !== undefined) set.interview_date = d.interviewDate;
  if (d.interviewNotes !== undefined) set.interview_notes = d.interviewNotes;
  if (d.status !== undefined) set.status = d.status;
  if (d.resumeId !== undefined) set.resume_id = d.resumeId;
  if (d.resumeType !== undefined) set.resume_type = d.resumeType;
  return set;
}

/** The View Candidates table. */
export const candidatesProjection: Projection = {
  name: HIRING_READ_MODEL,
  version: 1,
  eventTypes: handled.types,

  async createTables(db: Database): Promise<void> {
    await db.schema
      .createTable('candidates')
      .addColumn('candidate_id', 'text', (c) => c.primaryKey())
      .addColumn('owner_id', 'integer', (c) => c.notNull())
      .addColumn('discipline', 'text', (c) => c.notNull())
      .addColumn('first_name', 'text')
      .addColumn('last_name', 'text')
      .addColumn('email', 'text')
      .addColumn('local_to_calgary', 'boolean', (c) => c.notNull())
      .addColumn('application_date', 'text', (c) => c.notNull())
      .addColumn('interview_date', 'text')
      .addColumn('interview_notes', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('resume_id', 'text')
      .addColumn('resume_type', 'text')
      .addColumn('erased', 'boolean', (c) => c.notNull())
      .addColumn('added_at', 'timestamptz', (c) => c.notNull())
      .execute();
    // A sightstream admin's list is one owner's candidates.
    await db.schema.createIndex('candidates_by_owner').on('candidates').column('owner_id').execute();
  },

  async apply(event: RecordedEvent, db: Database): Promise<void> {
    if (!handled.has(event)) return;
    const rm = tablesOf<HiringTables>(db);
    switch (event.type) {
      case 'CandidateAdded': {
        const { candidateId, ...details } = event.data;
        const values = {
          ...columnsOf(details),
          erased: false,
          added_at: event.metadata.occurredAt,
        } as CandidatesTable & { added_at: string };
        await rm
          .insertInto('candidates')
          .values({ ...values, candidate_id: candidateId })
          .onConflict((oc) => oc.column('candidate_id').doUpdateSet(values))
          .execute();
        return;
      }
      case 'CandidateUpdated':
        // An erased candidate cannot be updated, so no sealed value comes back after erasure.
        await rm
          .updateTable('candidates')
          .set(columnsOf(event.data.after))
          .where('candidate_id', '=', event.data.candidateId)
          .execute();
        return;
      case 'CandidateRemoved':
        await rm.deleteFrom('candidates').where('candidate_id', '=', event.data.candidateId).execute();
        return;
      case 'CandidateErased':
        await rm
          .updateTable('candidates')
          .set({
            first_name: null,
            last_name: null,
            email: null,
            interview_notes: null,
            resume_id: null,
            resume_type: null,
            erased: true,
          })
          .where('candidate_id', '=', event.data.candidateId)
          .execute();
        return;
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
};

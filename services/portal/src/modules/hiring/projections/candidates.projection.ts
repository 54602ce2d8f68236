import type { CandidateDetails } from '@portal/contracts';
import type { ColumnType, Updateable } from 'kysely';
import { handledEvents } from '../../../platform/projection/handled-events';
import { projectionOf, readModelTables } from '../../../platform/projection/read-model-tables';
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

export const hiringTables = readModelTables<HiringTables>(HIRING_READ_MODEL);

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
export const candidatesProjection = projectionOf<CandidateEvent, HiringTables>({
  name: HIRING_READ_MODEL,
  version: 1,
  handled: handledEvents<CandidateEvent>(
    'CandidateAdded',
    'CandidateUpdated',
    'CandidateRemoved',
    'CandidateErased',
  ),
  tables: {
    candidates: {
      columns: {
        candidate_id: 'text primary key',
        owner_id: 'integer not null',
        discipline: 'text not null',
        first_name: 'text',
        last_name: 'text',
        email: 'text',
        local_to_calgary: 'boolean not null',
        application_date: 'text not null',
        interview_date: 'text',
        interview_notes: 'text',
        status: 'text not null',
        resume_id: 'text',
        resume_type: 'text',
        erased: 'boolean not null',
        added_at: 'timestamptz not null',
      },
      // A sightstream admin's list is one owner's candidates.
      indexes: { candidates_by_owner: ['owner_id'] },
    },
  },

  async apply(event, rm): Promise<void> {
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
});

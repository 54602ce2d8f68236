import type { ColumnType } from 'kysely';
import { handledEvents } from '../../../platform/projection/handled-events';
import { projectionOf, readModelTables } from '../../../platform/projection/read-model-tables';
import type { ResumeEvent } from '../domain/resume';

/** The projection's name; its table lives in the schema `rm_resumes`. */
export const RESUMES_READ_MODEL = 'resumes';

/**
 * One row per recorded upload: when it was uploaded (its event's `occurredAt`), which event that
 * was, the candidate that named it (null while none has) and when the sweep discarded it. The sweep
 * finds what to discard here; the resume's stream decides.
 */
export interface ResumesTable {
  resume_id: string;
  upload_event_id: string;
  uploaded_at: ColumnType<Date, string, string>;
  candidate_id: string | null;
  discarded_at: ColumnType<Date | null, string | null, string | null>;
}

export interface ResumesTables {
  resumes: ResumesTable;
}

export const resumesTables = readModelTables<ResumesTables>(RESUMES_READ_MODEL);

/** The uploads, attached or not, for the sweep of those no candidate named. */
export const resumesProjection = projectionOf<ResumeEvent, ResumesTables>({
  name: RESUMES_READ_MODEL,
  version: 1,
  handled: handledEvents<ResumeEvent>('ResumeUploaded', 'ResumeAttached', 'ResumeDiscarded'),
  tables: {
    resumes: {
      columns: {
        resume_id: 'text primary key',
        upload_event_id: 'text not null',
        uploaded_at: 'timestamptz not null',
        candidate_id: 'text',
        discarded_at: 'timestamptz',
      },
      // The sweep's question: not named, not discarded, uploaded before a cut-off.
      indexes: { resumes_by_upload: ['uploaded_at'] },
    },
  },

  async apply(event, rm): Promise<void> {
    switch (event.type) {
      case 'ResumeUploaded': {
        const row = {
          resume_id: event.data.resumeId,
          upload_event_id: event.id,
          uploaded_at: event.metadata.occurredAt,
        };
        await rm
          .insertInto('resumes')
          .values(row)
          .onConflict((oc) => oc.column('resume_id').doNothing())
          .execute();
        return;
      }
      case 'ResumeAttached':
        await rm
          .updateTable('resumes')
          .set({ candidate_id: event.data.candidateId })
          .where('resume_id', '=', event.data.resumeId)
          .execute();
        return;
      case 'ResumeDiscarded':
        await rm
          .updateTable('resumes')
          .set({ discarded_at: event.metadata.occurredAt })
          .where('resume_id', '=', event.data.resumeId)
          .execute();
        return;
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
});

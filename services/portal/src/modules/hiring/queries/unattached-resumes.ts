import { Injectable } from '@nestjs/common';
import type { Database } from '../../../platform/database/database';
import { InjectDatabase } from '../../../platform/database/database.provider';
import { resumesTables } from '../projections/resumes.projection';

/** An upload no candidate named and the sweep has not discarded. */
export interface UnattachedResume {
  readonly resumeId: string;
  /** The `ResumeUploaded` event's id: the cause of its discarding. */
  readonly uploadEventId: string;
  readonly uploadedAt: Date;
}

/** The uploads the resume sweep looks at (read model `resumes`). */
@Injectable()
export class UnattachedResumes {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /** At most `limit` of those uploaded before `cutoff`, oldest first. */
  async uploadedBefore(cutoff: Date, limit: number): Promise<UnattachedResume[]> {
    const rows = await resumesTables(this.db)
      .selectFrom('resumes')
      .select(['resume_id', 'upload_event_id', 'uploaded_at'])
      .where('candidate_id', 'is', null)
      .where('discarded_at', 'is', null)
      .where('uploaded_at', '<', cutoff)
      .orderBy('uploaded_at')
      .orderBy('resume_id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      resumeId: row.resume_id,
      uploadEventId: row.upload_event_id,
      uploadedAt: new Date(row.uploaded_at),
    }));
  }
}

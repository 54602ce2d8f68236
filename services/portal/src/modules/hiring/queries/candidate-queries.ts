import { Injectable } from '@nestjs/common';
import { QueryHandler } from '@nestjs/cqrs';
import {
  candidateMessages,
  resumeMessages,
  type CandidateStatus,
  type CandidateView,
  type ResumeContentType,
} from '@portal/contracts';
import type { Selectable } from 'kysely';
import { DomainError } from '../../../kernel/domain-error';
import { ownerScopeOf } from '../../../kernel/owner-scope';
import type { Principal } from '../../../platform/auth/principal';
import { PortalQueryHandler, Requires, SignedInQuery } from '../../../platform/cqrs';
import { PersonalDataCipher } from '../../../platform/crypto/personal-data-cipher';
import type { Database } from '../../../platform/database/database';
import { InjectDatabase } from '../../../platform/database/database.provider';
import { FileStorage } from '../../../platform/files/file-storage.port';
import { candidateSubject, resumeStorageKey } from '../domain/candidate';
import { hiringTables, type CandidatesTable } from '../projections/candidates.projection';

/** GET /api/admin/hiring/candidates: the candidates in the admin's scope, personal data opened. */
@Requires('admin')
export class ListCandidatesQuery extends SignedInQuery<CandidateView[]> {}

/** What the controller streams for GET /api/admin/hiring/candidates/:id/resume. */
export interface ResumeFile {
  readonly storageKey: string;
  readonly contentType: ResumeContentType;
}

/** A candidate's resume: 404 when unknown, out of scope, erased, or the file is gone. */
@Requires('admin')
export class CandidateResumeQuery extends SignedInQuery<ResumeFile> {
  constructor(
    principal: Principal,
    readonly candidateId: string,
  ) {
    super(principal);
  }
}

/** The candidates a viewer may see: every one for a firm admin, owner 2's for a sightstream admin. */
@Injectable()
export class CandidatesReadModel {
  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly cipher: PersonalDataCipher,
    private readonly storage: FileStorage,
  ) {}

  private visibleTo(viewer: Principal) {
    const scope = ownerScopeOf(viewer);
    let query = hiringTables(this.db).selectFrom('candidates').selectAll();
    if (scope !== null) query = query.where('owner_id', '=', scope);
    return query;
  }

  async list(viewer: Principal): Promise<CandidateView[]> {
    const rows = await this.visibleTo(viewer)
      .orderBy('application_date', 'desc')
      .orderBy('candidate_id')
      .execute();
    const sessions = await this.cipher.sessions(rows.map((r) => candidateSubject(r.candidate_id)));
    return rows.map((row) => {
      const session = sessions.get(candidateSubject(row.candidate_id));
      const open = (value: string | null) => (session ? session.open(value) : null);
      return viewOf(row, open);
    });
  }

  async resume(viewer: Principal, candidateId: string): Promise<ResumeFile> {
    const row = await this.visibleTo(viewer).where('candidate_id', '=', candidateId).executeTakeFirst();
    if (!row) throw DomainError.notFound(candidateMessages.notFound);
    if (row.erased || !row.resume_id || !row.resume_type)
      throw DomainError.notFound(resumeMessages.missingFile);
    const storageKey = resumeStorageKey(row.resume_id);
    if (!(await this.storage.exists(storageKey))) throw DomainError.notFound(resumeMessages.missingFile);
    return { storageKey, contentType: row.resume_type as ResumeContentType };
  }
}

/** A row as the screen shows it; personal fields null once erased (or when their key is gone). */
function viewOf(
  row: Selectable<CandidatesTable>,
  open: (value: string | null) => string | null,
): CandidateView {
  const erased = row.erased;
  return {
    candidateId: row.candidate_id,
    ownerId: row.owner_id,
    discipline: row.discipline,
    firstName: erased ? null : open(row.first_name),
    lastName: erased ? null : open(row.last_name),
    email: erased ? null : open(row.email),
    localToCalgary: row.local_to_calgary,
    applicationDate: row.application_date,
    interviewDate: row.interview_date,
    interviewNotes: erased ? null : open(row.interview_notes),
    status: row.status as CandidateStatus,
    resumeId: erased ? null : row.resume_id,
    resumeType: erased ? null : (row.resume_type as ResumeContentType | null),
    erased,
    addedAt: new Date(row.added_at).toISOString(),
  };
}

@QueryHandler(ListCandidatesQuery)
export class ListCandidatesHandler extends PortalQueryHandler<ListCandidatesQuery> {
  constructor(private readonly candidates: CandidatesReadModel) {
    super();
  }
  protected handle({ principal }: ListCandidatesQuery): Promise<CandidateView[]> {
    return this.candidates.list(principal);
  }
}

@QueryHandler(CandidateResumeQuery)
export class CandidateResumeHandler extends PortalQueryHandler<CandidateResumeQuery> {
  constructor(private readonly candidates: CandidatesReadModel) {
    super();
  }
  protected handle({ principal, candidateId }: CandidateResumeQuery): Promise<ResumeFile> {
    return this.candidates.resume(principal, candidateId);
  }
}

import type { IncomingMessage } from 'node:http';
import { CommandHandler } from '@nestjs/cqrs';
import { MAX_RESUME_BYTES, resumeMessages, resumeTypeOf, type ResumeUploadResponse } from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';
import { PortalCommand, PortalCommandHandler, Requires, type Caller } from '../../../platform/cqrs';
import { deriveEventId } from '../../../platform/event-store/command-context';
import { FileStorage } from '../../../platform/files/file-storage.port';
import { receiveFileUpload, RefusedUpload } from '../../../platform/files/file-upload';
import { resumeStorageKey } from '../domain/candidate';

/** POST /api/admin/hiring/resumes: one resume file, read by the handler as it streams in. */
@Requires('admin')
export class UploadResumeCommand extends PortalCommand<ResumeUploadResponse> {
  constructor(
    caller: Caller,
    readonly request: IncomingMessage,
  ) {
    super(caller);
  }
}

/**
 * Streams the file into storage under `resumes/{resumeId}` while checking it: its type from its
 * first bytes (PNG, JPEG, PDF or Word .doc; never the name), at most 10 MB, one file. A refusal is
 * a 400 on `file` and leaves nothing stored. No event yet: the file becomes part of the record
 * when a candidate names it (CandidateAdded or CandidateUpdated). The id derives from the command
 * id, so a retry writes the same key.
 */
@CommandHandler(UploadResumeCommand)
export class UploadResumeHandler extends PortalCommandHandler<UploadResumeCommand> {
  constructor(private readonly storage: FileStorage) {
    super();
  }

  protected async handle({ caller, request }: UploadResumeCommand): Promise<ResumeUploadResponse> {
    const resumeId = deriveEventId(caller.context.commandId, 'resume-id', 0);
    try {
      const { stored, kind } = await receiveFileUpload(request, this.storage, resumeStorageKey(resumeId), {
        maxBytes: MAX_RESUME_BYTES,
        classify: resumeTypeOf,
        messages: resumeMessages,
      });
      return { resumeId, contentType: kind, size: stored.size };
    } catch (error) {
      if (error instanceof RefusedUpload)
        throw DomainError.validation([{ path: 'file', message: error.reason }]);
      throw error;
    }
  }
}

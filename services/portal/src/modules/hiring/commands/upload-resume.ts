import type { IncomingMessage } from 'node:http';
import { CommandHandler } from '@nestjs/cqrs';
import {
  MAX_RESUME_BYTES,
  resumeMessages,
  resumeTypeOf,
  type ResumeContentType,
  type ResumeUploaded,
  type ResumeUploadResponse,
} from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';
import { PortalCommand, PortalCommandHandler, Requires, type Caller } from '../../../platform/cqrs';
import { deriveEventId, eventMetadata } from '../../../platform/event-store/command-context';
import { EventStore } from '../../../platform/event-store/event-store.port';
import { DocumentChecker } from '../../../platform/files/document-check';
import { FileStorage } from '../../../platform/files/file-storage.port';
import { receiveFileUpload, RefusedUpload } from '../../../platform/files/file-upload';
import { resumeStorageKey } from '../domain/candidate';
import { resumeStreamId } from '../domain/resume';
import { hiringEditorOf } from './candidate-forms';

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
 * first bytes (PNG, JPEG, PDF or Word .doc; never the name), at most 10 MB, one file; then reads
 * the whole stored file with its kind's parser (checkWhole). A refusal is a 400 on `file` and
 * leaves nothing stored. Then records ResumeUploaded on `resume-{resumeId}`
 * (who uploaded it, for which scope), so only an admin of that scope can name it on a candidate;
 * if that append fails the file is deleted. The ids derive from the command id, so a retry writes
 * the same key and appends nothing twice.
 */
@CommandHandler(UploadResumeCommand)
export class UploadResumeHandler extends PortalCommandHandler<UploadResumeCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly storage: FileStorage,
    private readonly documents: DocumentChecker,
  ) {
    super();
  }

  protected async handle({ caller, request }: UploadResumeCommand): Promise<ResumeUploadResponse> {
    const { principal, context } = caller;
    const resumeId = deriveEventId(context.commandId, 'resume-id', 0);
    const storageKey = resumeStorageKey(resumeId);
    const { stored, kind } = await this.receive(request, storageKey);
    await this.checkWhole(storageKey, kind, stored.size);
    const data: ResumeUploaded = {
      resumeId,
      contentType: kind,
      size: stored.size,
      sha256: stored.sha256,
      uploadedBy: principal.staffId,
      ownerScope: hiringEditorOf(principal).ownerScope,
    };
    const streamId = resumeStreamId(resumeId);
    try {
      await this.store.append(
        streamId,
        [
          {
            id: deriveEventId(context.commandId, streamId, 0),
            type: 'ResumeUploaded',
            data,
            metadata: eventMetadata(context),
          },
        ],
        'any',
      );
    } catch (error) {
      await this.storage.delete(storageKey).catch(() => undefined);
      throw error;
    }
    return { resumeId, contentType: kind, size: stored.size };
  }

  /**
   * The stored file read whole (at most 10 MB) by the parser of its kind, within a time and a
   * memory bound (platform/files/document-check.ts); a file that is not what its first bytes
   * claim, or cannot be checked within the bounds, is deleted and refused (400 on `file`).
   */
  private async checkWhole(storageKey: string, kind: ResumeContentType, size: number): Promise<void> {
    const verdict = await this.documents.check(kind, await this.storage.readRange(storageKey, 0, size));
    if (verdict === 'ok') return;
    await this.storage.delete(storageKey).catch(() => undefined);
    const message = verdict === 'too-large' ? resumeMessages.tooComplex : resumeMessages.notTheKind;
    throw DomainError.validation([{ path: 'file', message }]);
  }

  private async receive(request: IncomingMessage, storageKey: string) {
    try {
      return await receiveFileUpload(request, this.storage, storageKey, {
        maxBytes: MAX_RESUME_BYTES,
        classify: resumeTypeOf,
        messages: resumeMessages,
      });
    } catch (error) {
      if (error instanceof RefusedUpload)
        throw DomainError.validation([{ path: 'file', message: error.reason }]);
      throw error;
    }
  }
}

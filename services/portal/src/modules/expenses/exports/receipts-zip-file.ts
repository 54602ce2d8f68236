import { QueryHandler } from '@nestjs/cqrs';
import { exportMessages } from '@portal/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { PortalQuery, PortalQueryHandler } from '../../../platform/cqrs';
import { FileStorage } from '../../../platform/files/file-storage.port';
import { DomainError } from '../../../kernel/domain-error';
import { ReceiptsZipJobs } from './receipts-downloads';
import type { ReceiptsZipResult } from './receipts-zip.job';

/** Where the finished zip is stored and the name it is downloaded under. */
export interface ReceiptsZipStored {
  readonly fileName: string;
  readonly storageKey: string;
}

/** The finished zip of a Download Expenses job, for the person who asked or an admin who can see them. */
export class ReceiptsZipFile extends PortalQuery<ReceiptsZipStored> {
  constructor(
    readonly person: Principal,
    readonly jobId: string,
  ) {
    super(person);
  }
}

/** 409 while the job runs or after it failed, 404 when its zip is gone; the controller streams the file. */
@QueryHandler(ReceiptsZipFile)
export class ReceiptsZipFileHandler extends PortalQueryHandler<ReceiptsZipFile> {
  constructor(
    private readonly jobs: ReceiptsZipJobs,
    private readonly storage: FileStorage,
  ) {
    super();
  }

  protected async handle({ person, jobId }: ReceiptsZipFile): Promise<ReceiptsZipStored> {
    const status = await this.jobs.find(person, jobId);
    if (status.state !== 'completed') {
      throw DomainError.conflict(
        status.state === 'failed' ? exportMessages.downloadFailed : exportMessages.downloadNotReady,
      );
    }
    const result = status.result as ReceiptsZipResult;
    if (!(await this.storage.exists(result.storageKey)))
      throw DomainError.notFound(exportMessages.downloadNotFound);
    return { fileName: result.fileName, storageKey: result.storageKey };
  }
}

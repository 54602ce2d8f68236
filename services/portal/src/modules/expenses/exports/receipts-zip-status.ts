import { QueryHandler } from '@nestjs/cqrs';
import type { ReceiptsDownloadStatus } from '@portal/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { PortalQuery, PortalQueryHandler } from '../../../platform/cqrs';
import { ReceiptsZipJobs } from './receipts-downloads';
import type { ReceiptsZipResult } from './receipts-zip.job';

/** How far a Download Expenses job is, for the person who asked or an admin who can see them. */
export class ReceiptsZipStatus extends PortalQuery<ReceiptsDownloadStatus> {
  constructor(
    readonly person: Principal,
    readonly jobId: string,
  ) {
    super(person);
  }
}

@QueryHandler(ReceiptsZipStatus)
export class ReceiptsZipStatusHandler extends PortalQueryHandler<ReceiptsZipStatus> {
  constructor(private readonly jobs: ReceiptsZipJobs) {
    super();
  }

  protected async handle({ person, jobId }: ReceiptsZipStatus): Promise<ReceiptsDownloadStatus> {
    const status = await this.jobs.find(person, jobId);
    const result = status.state === 'completed' ? (status.result as ReceiptsZipResult) : null;
    return {
      state: status.state,
      progress: status.progress,
      ...(result ? { fileName: result.fileName } : {}),
    };
  }
}

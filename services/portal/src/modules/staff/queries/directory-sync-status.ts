import { QueryHandler } from '@nestjs/cqrs';
import type { DirectorySyncStatus } from '@portal/contracts';
import { PortalQueryHandler, Requires, SignedInQuery } from '../../../platform/cqrs';
import { Directory } from '../../../platform/directory/directory.port';

/** Whether the portal reads a directory (GRAPH_* set): Staff Review shows Sync from directory only then. */
@Requires('admin')
export class GetDirectorySyncStatus extends SignedInQuery<DirectorySyncStatus> {}

@QueryHandler(GetDirectorySyncStatus)
export class GetDirectorySyncStatusHandler extends PortalQueryHandler<GetDirectorySyncStatus> {
  constructor(private readonly directory: Directory) {
    super();
  }

  protected handle(): Promise<DirectorySyncStatus> {
    return Promise.resolve({ configured: this.directory.configured });
  }
}

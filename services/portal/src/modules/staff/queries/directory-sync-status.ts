import { QueryHandler } from '@nestjs/cqrs';
import type { DirectorySyncStatus } from '@portal/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { PortalQuery, PortalQueryHandler, Requires } from '../../../platform/cqrs';
import { Directory } from '../../../platform/directory/directory.port';

/** Whether the portal reads a directory (GRAPH_* set): Staff Review shows Sync from directory only then. */
@Requires('admin')
export class GetDirectorySyncStatus extends PortalQuery<DirectorySyncStatus> {
  constructor(principal: Principal) {
    super(principal);
  }
}

@QueryHandler(GetDirectorySyncStatus)
export class GetDirectorySyncStatusHandler extends PortalQueryHandler<GetDirectorySyncStatus> {
  constructor(private readonly directory: Directory) {
    super();
  }

  protected handle(): Promise<DirectorySyncStatus> {
    return Promise.resolve({ configured: this.directory.configured });
  }
}

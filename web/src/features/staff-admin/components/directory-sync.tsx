import { directorySyncMessages, type DirectorySyncResult } from '@portal/contracts';
import { ApiError } from '../../../lib/api';
import { Button } from '../../../ui/button';
import { useDirectorySync, useDirectorySyncStatus } from '../api/staff-admin-api';

const count = (n: number) => n.toLocaleString('en-US');

/** 'Directory sync done: 3 created, 1 updated, 1 deactivated, 1,195 unchanged.' (+ tied people when any). */
export function syncSummary(result: DirectorySyncResult): string {
  const parts = [
    `${count(result.created)} created`,
    `${count(result.updated)} updated`,
    `${count(result.deactivated)} deactivated`,
    `${count(result.unchanged)} unchanged`,
  ];
  const linked =
    result.linked > 0 ? ` ${count(result.linked)} existing people were matched to the directory.` : '';
  return `Directory sync done: ${parts.join(', ')}.${linked}`;
}

/** A plain sentence for a failed run, chosen by the status (never the server's own text). */
export function syncFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 503) return directorySyncMessages.unavailable;
    if (error.status === 409)
      return error.message === directorySyncMessages.raced
        ? directorySyncMessages.raced
        : directorySyncMessages.running;
    if (error.status === 403) return directorySyncMessages.wholeFirmOnly;
    if (error.status === 401) return 'Your session has ended. Sign in again to sync the directory.';
  }
  return 'The directory sync could not be run. Try again; if it keeps failing, tell the portal team.';
}

/**
 * Staff Review's Sync from directory: shown only when the portal reads a directory (GRAPH_*) and
 * the admin's scope is the whole firm. A run may take a while (a first run reads everyone): the
 * button says it is working, the result or the failure is announced beside it, and a failure
 * offers Try again or Dismiss.
 */
export function DirectorySync({ wholeFirm }: { wholeFirm: boolean }) {
  const status = useDirectorySyncStatus();
  const sync = useDirectorySync();
  if (!wholeFirm || status.data?.configured !== true) return null;
  const run = () => sync.mutate();
  return (
    <div className="staff-admin__sync">
      <Button variant="secondary" onPress={run} isPending={sync.isPending}>
        Sync from directory
      </Button>
      <p role="status" className="staff-admin__sync-status">
        {sync.isPending ? 'Reading the directory…' : sync.isSuccess ? syncSummary(sync.data) : null}
      </p>
      {sync.isError ? (
        <div role="alert" className="load-state load-state--error staff-admin__sync-error">
          <p className="load-state__message">{syncFailure(sync.error)}</p>
          <div className="row-actions">
            <Button variant="secondary" onPress={run}>
              Try again
            </Button>
            <Button variant="ghost" onPress={() => sync.reset()}>
              Dismiss
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

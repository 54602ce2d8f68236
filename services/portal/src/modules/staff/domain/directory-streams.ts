import type { DirectorySyncCompleted, StaffDirectoryLinked } from '@portal/contracts';

/**
 * The two streams directory sync keeps besides the people's own (docs/decisions/0258):
 *
 * - `staff-directory-{directoryId}`: which staff member a directory user is. Tied when the sync
 *   registers them or finds them by their sign-in address; a removed user (Graph names nothing but
 *   the id) finds their person here, in the log, whatever the read models show yet.
 * - `directory-sync`: each run that changed something, with the `deltaLink` the next run starts
 *   from. A run that changed nothing or failed appends nothing, so the last recorded link stays.
 */
export const directoryLinkStreamId = (directoryId: string): string => `staff-directory-${directoryId}`;
export const DIRECTORY_SYNC_STREAM = 'directory-sync';

export type DirectoryLinkEvent = {
  readonly type: 'StaffDirectoryLinked';
  readonly data: StaffDirectoryLinked;
};
export type LinkDirectoryUser = { readonly type: 'LinkDirectoryUser'; readonly data: StaffDirectoryLinked };
export type DirectoryLinkState = { readonly staffId: number | null };

export const directoryLinkDecider = {
  initialState: (): DirectoryLinkState => ({ staffId: null }),

  evolve(_state: DirectoryLinkState, event: DirectoryLinkEvent): DirectoryLinkState {
    switch (event.type) {
      case 'StaffDirectoryLinked':
        return { staffId: event.data.staffId };
      default: {
        const unknown: never = event.type;
        return unknown;
      }
    }
  },

  /** Tied already to this person: nothing. Otherwise the latest tie is the one that holds. */
  decide(command: LinkDirectoryUser, state: DirectoryLinkState): DirectoryLinkEvent[] {
    if (state.staffId === command.data.staffId) return [];
    return [{ type: 'StaffDirectoryLinked', data: command.data }];
  },
};

export type DirectorySyncEvent = {
  readonly type: 'DirectorySyncCompleted';
  readonly data: DirectorySyncCompleted;
};
export type RecordDirectorySync = {
  readonly type: 'RecordDirectorySync';
  readonly data: DirectorySyncCompleted;
};
/**
 * Where the next run starts: the last recorded deltaLink (null before the first: a full read), and
 * the users an earlier run left waiting for their owner (read whole again first).
 */
export type DirectorySyncState = {
  readonly deltaLink: string | null;
  readonly awaitingOwner: readonly string[];
};

export const directorySyncDecider = {
  initialState: (): DirectorySyncState => ({ deltaLink: null, awaitingOwner: [] }),

  evolve(_state: DirectorySyncState, event: DirectorySyncEvent): DirectorySyncState {
    switch (event.type) {
      case 'DirectorySyncCompleted':
        return { deltaLink: event.data.deltaLink, awaitingOwner: event.data.awaitingOwner ?? [] };
      default: {
        const unknown: never = event.type;
        return unknown;
      }
    }
  },

  decide(command: RecordDirectorySync): DirectorySyncEvent[] {
    return [{ type: 'DirectorySyncCompleted', data: command.data }];
  },
};

/**
 * Directory sync (issue "a firm can move in"): the people of the allowed sign-in domains read from
 * Microsoft Entra ID through Microsoft Graph's users delta query become staff members, are updated
 * and deactivated. The answers of its routes, its messages and the payloads of its events.
 */

/**
 * A user of the directory as a page of Graph's users delta gives it (the directory port's and the
 * sync decider's shape). A property absent from Graph's answer (never set on the user) is
 * `undefined`, which is not the same as `null` (set, now empty).
 */
export interface DirectoryUser {
  /** The Entra object id: stable for the user's whole life, whatever else changes. */
  readonly id: string;
  /** Gone from the directory (Graph's `@removed`: deleted, or moved out of the query's scope). */
  readonly removed: boolean;
  readonly userPrincipalName?: string | null;
  readonly mail?: string | null;
  readonly displayName?: string | null;
  readonly jobTitle?: string | null;
  readonly department?: string | null;
  readonly accountEnabled?: boolean | null;
}

/** What one run did, person by person (a person counts once, by the strongest change). */
export interface DirectorySyncResult {
  /** People of the directory registered as new staff members (no access flags). */
  readonly created: number;
  /** People whose name, job title or department changed. */
  readonly updated: number;
  /** People disabled or removed in the directory, now inactive (their sessions ended). */
  readonly deactivated: number;
  /** Staff members found by their sign-in address and tied to their directory entry, nothing else changed. */
  readonly linked: number;
  /** People of the allowed domains the run saw with nothing to change. */
  readonly unchanged: number;
  /** Entries of other domains (or disabled people never known here): left alone. */
  readonly ignored: number;
}

/** `GET /api/admin/directory-sync`: whether the portal reads a directory (GRAPH_* set) at all. */
export interface DirectorySyncStatus {
  readonly configured: boolean;
}

export const directorySyncMessages = {
  notConfigured: 'Directory sync is not configured on this portal.',
  wholeFirmOnly: 'Only an admin of every organisation may sync the directory.',
  unavailable:
    'The directory could not be read just now. Nothing was lost: what was read is kept, and the next sync carries on from there. Please try again later.',
  running: 'A directory sync is running already. Please wait for it to finish.',
  raced: 'Someone changed the same people while the directory was read. Please sync again.',
} as const;

/** The actor of every event the sync appends: the directory, not the admin who asked. */
export const DIRECTORY_SYNC_ACTOR = { id: 'directory-sync', name: 'Directory sync' } as const;

/**
 * Stream `staff-directory-{directoryId}`: ties a directory entry (Entra object id) to one staff
 * member, so a removed entry (which names nothing but its id) finds its person, and one entry never
 * becomes two people.
 */
export interface StaffDirectoryLinked {
  readonly directoryId: string;
  readonly staffId: number;
}

/**
 * Stream `directory-sync`: a run that changed something, and where the next run starts (the
 * Graph `@odata.deltaLink`). A run that changed nothing, or failed, appends nothing: the next run
 * starts from the last one recorded.
 */
export interface DirectorySyncCompleted extends DirectorySyncResult {
  readonly deltaLink: string;
  /** The admin who asked for the run in Staff Review; null for the scheduled job. */
  readonly requestedBy: { readonly staffId: number; readonly name: string } | null;
  /**
   * Directory ids of users of an allowed domain whose owner was not registered yet: each later run
   * reads them whole again (record 0275). Absent on runs recorded before: none.
   */
  readonly awaitingOwner?: readonly string[];
}

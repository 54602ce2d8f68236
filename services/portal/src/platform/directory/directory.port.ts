/**
 * The organisation's directory (Microsoft Entra ID, read through Microsoft Graph), as the staff
 * context's directory sync reads it: pages of changed and removed users since a bookmark. The
 * adapter knows no context; `GraphDirectory` reads Graph, `DisabledDirectory` answers when no
 * app registration is configured.
 */

import type { DirectoryUser } from '@portal/contracts';

export type { DirectoryUser };

export interface DirectoryPage {
  readonly users: readonly DirectoryUser[];
  /** Where the next page of this read is; null on the last page. */
  readonly nextLink: string | null;
  /** On the last page: where the next read starts, to get only what changed after this one. */
  readonly deltaLink: string | null;
}

/**
 * The directory could not be read (down, throttled past the bounds, refused the credentials, an
 * answer of the wrong shape). `message` is for the log only: it may hold upstream text and is
 * never shown to a person.
 */
export class DirectoryUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DirectoryUnavailable';
  }
}

/**
 * The bookmark is too old for the directory (Graph's 410 Gone): read everyone again from the
 * start. A kind of unavailability: when the full read is refused too, the run fails as any other.
 */
export class DirectoryBookmarkExpired extends DirectoryUnavailable {
  constructor(message: string) {
    super(message);
    this.name = 'DirectoryBookmarkExpired';
  }
}

export abstract class Directory {
  /** False when no app registration is configured (GRAPH_*): there is nothing to read. */
  abstract readonly configured: boolean;
  /**
   * One page: `link` null starts a full read of every user; a `nextLink` goes on with a read; a
   * `deltaLink` of an earlier read's last page starts a read of what changed since.
   */
  abstract readPage(link: string | null): Promise<DirectoryPage>;
  /**
   * One user, whole (every property the delta read selects): for a delta entry that names only
   * what changed, and for users an earlier run left waiting. Null when the directory has no such user.
   */
  abstract readUser(id: string): Promise<DirectoryUser | null>;
}

/** No app registration configured. */
export class DisabledDirectory extends Directory {
  readonly configured = false;

  readPage(): Promise<DirectoryPage> {
    return Promise.reject(new DirectoryUnavailable('Directory sync is not configured (GRAPH_*)'));
  }

  readUser(): Promise<DirectoryUser | null> {
    return Promise.reject(new DirectoryUnavailable('Directory sync is not configured (GRAPH_*)'));
  }
}

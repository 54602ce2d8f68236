/**
 * Access requests (issue 25): a person of an allowed sign-in domain whom no one has added yet signs
 * in; the portal records it once and shows them that their access is being set up, and admins see
 * them in Staff Review under "Awaiting access" until someone adds a staff member with that address.
 */

/** Stream `access-request-{lower-case address}`: the person's first sign-in (recorded once). */
export interface AccessRequested {
  /** The sign-in address, lower-case. */
  readonly username: string;
  /** Their name as the sign-in gave it (the token's name claim), else the address. */
  readonly name: string;
  /** When they first signed in (ISO instant, UTC; the event's occurredAt). */
  readonly requestedAt: string;
}

/** `GET /api/admin/access-requests`: one person awaiting access, oldest first sign-in first. */
export interface AwaitingAccessRow {
  readonly username: string;
  readonly name: string;
  /** ISO instant of their first sign-in. */
  readonly firstSignInAt: string;
}

/**
 * Stream `bootstrap-owner-{ownerId}`: the one address PORTAL_BOOTSTRAP_ADMINS may make an admin of
 * the owner, claimed before the admin is added, so two listed addresses signing in at once (or on
 * two replicas) never both become admins.
 */
export interface BootstrapAdminClaimed {
  readonly ownerId: number;
  /** The sign-in address, lower-case. */
  readonly username: string;
}

import type { Principal } from './principal';

/** Who a valid token names when it names no staff id: an Entra ID token, or a dev first sign-in. */
export interface SignInIdentity {
  /** The sign-in address, lower-case. */
  readonly username: string;
  /** The token's name claim, else the address. */
  readonly name: string;
}

/** Someone of an allowed domain whom no one has added yet, as the first sign-in recorded them. */
export interface PendingAccess {
  readonly username: string;
  readonly name: string;
  /** ISO instant of their first sign-in. */
  readonly firstSignInAt: string;
}

/** What a sign-in of someone not in the staff directory comes to. */
export type NewcomerOutcome =
  | { readonly kind: 'admitted'; readonly principal: Principal }
  | { readonly kind: 'pending'; readonly pending: PendingAccess };

/** The request a newcomer arrived with: its correlation, and "now". */
export interface ArrivalContext {
  readonly correlationId: string;
  readonly now: Date;
}

/**
 * The port the AuthGuard calls for a valid sign-in of an allowed domain that no staff member holds
 * (issue 25): records the first sign-in (once) and answers whether the person is admitted after
 * all (a bootstrap admin) or awaits access. Implemented by the access context (platform knows none).
 */
export abstract class Newcomers {
  abstract arrive(identity: SignInIdentity, context: ArrivalContext): Promise<NewcomerOutcome>;
}

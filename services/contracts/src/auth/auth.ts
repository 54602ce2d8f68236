import type { z } from 'zod';
import { requestObject } from '../kernel/fields';
import { bodyIdField } from '../kernel/ids';
import { authMessages } from './messages';

/** Sign-in requests and responses, shared by the API and the web. */

/** `POST /api/auth/dev/sign-in` */
export const devSignInRequestSchema = requestObject({
  staffId: bodyIdField('Staff id', authMessages.choosePerson),
});
export type DevSignInRequest = z.infer<typeof devSignInRequestSchema>;

export interface DevSignInResponse {
  readonly token: string;
}

/** One entry of `GET /api/auth/dev/people`. */
export interface DevSignInPerson {
  readonly staffId: number;
  readonly name: string;
  readonly username: string;
  readonly isAdmin: boolean;
  /** Reads the review screens, the roster, planned hours and the audit pages; changes nothing. */
  readonly isAuditor: boolean;
  readonly userType: 'default' | 'sightstream';
}

/** `GET /api/auth/config`: what the web needs to sign in (MSAL settings, or the dev picker). */
export interface AuthConfigResponse {
  readonly devSignIn: boolean;
  readonly entra: { readonly clientId: string; readonly tenantId: string; readonly authority: string } | null;
}

/** `GET /api/me` */
export interface MeResponse {
  readonly staffId: number;
  readonly name: string;
  readonly username: string;
  readonly isAdmin: boolean;
  readonly userType: 'default' | 'sightstream';
  readonly canEditRoster: boolean;
  readonly needReceipt: boolean;
  /**
   * An auditor (issue 11): reads every review screen, the roster and planned hours (a sightstream
   * auditor: owner 2 only) and writes nothing. `GET /api/me` always answers it; principals the
   * portal builds itself (the system, tests) may leave it out, which means false.
   */
  readonly isAuditor?: boolean;
}

/** Error body of every failed API call. */
export interface ApiErrorBody {
  readonly statusCode: number;
  readonly error: string;
  readonly message: string;
  readonly problems: readonly { readonly path: string; readonly message: string }[];
  /** Only on a stale edit's 409 that carries them (a leave): the current values of what was edited. */
  readonly current?: unknown;
}

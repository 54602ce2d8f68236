import type { z } from 'zod';
import { requestObject } from '../kernel/fields';
import { bodyIdField } from '../kernel/ids';

/** Sign-in requests, responses and messages, shared by the API and the web. */

export const authMessages = {
  /** Contractor spec §1 and §8: shown when the account is not one of the two organisations'. */
  notAllowedToLogin: 'User is not allowed to login.',
  signInRequired: 'Sign in to continue.',
  sessionEnded: 'Your session has ended. Sign in again.',
  adminOnly: 'You need to be an admin to do this.',
  choosePerson: 'Choose a person to sign in as.',
  unknownPerson: 'No active person has this staff id.',
  devSignInOff: 'Dev sign-in is not enabled.',
} as const;

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
}

/** Error body of every failed API call. */
export interface ApiErrorBody {
  readonly statusCode: number;
  readonly error: string;
  readonly message: string;
  readonly problems: readonly { readonly path: string; readonly message: string }[];
}

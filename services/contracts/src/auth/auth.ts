import type { z } from 'zod';
import { anyValue, isBlank, refuse, requestObject } from '../kernel/fields';
import { bodyIdField } from '../kernel/ids';
import { EMAIL_ADDRESS, freeTextProblem } from '../kernel/text';
import { authMessages } from './messages';

/** Sign-in requests and responses, shared by the API and the web. */

/** `POST /api/auth/dev/sign-in` */
export const devSignInRequestSchema = requestObject({
  staffId: bodyIdField('Staff id', authMessages.choosePerson),
});
export type DevSignInRequest = z.infer<typeof devSignInRequestSchema>;

/** The longest name a dev sign-in as someone not yet known takes (a staff name's limit). */
export const NEWCOMER_NAME_MAX_LENGTH = 200;

/**
 * `POST /api/auth/dev/first-sign-in` (issue 25): sign in as someone no one has added yet, as an
 * Entra ID token of an unknown person would: their work e-mail and name.
 */
export const devFirstSignInRequestSchema = requestObject({
  username: anyValue().transform((value, ctx): string => {
    const text = typeof value === 'string' ? value.trim() : '';
    return EMAIL_ADDRESS.test(text) ? text.toLowerCase() : refuse(ctx, authMessages.newcomerEmail);
  }),
  name: anyValue().transform((value, ctx): string => {
    if (isBlank(value) || typeof value !== 'string') return refuse(ctx, authMessages.newcomerName);
    const text = value.trim();
    const problem = freeTextProblem(
      'Name',
      text,
      NEWCOMER_NAME_MAX_LENGTH,
      `Name must be at most ${NEWCOMER_NAME_MAX_LENGTH} characters`,
    );
    return problem ? refuse(ctx, problem) : text;
  }),
});
export type DevFirstSignInRequest = z.infer<typeof devFirstSignInRequestSchema>;

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

/**
 * The single sign-on settings MSAL runs with, from the server's configuration (ENTRA_*), so one
 * build of the web signs in through Entra ID or any other OpenID Connect provider.
 */
export interface SingleSignOnSettings {
  readonly clientId: string;
  /** The Entra tenant; null for another provider. */
  readonly tenantId: string | null;
  /** Where MSAL signs in (https). */
  readonly authority: string;
  /** The hosts MSAL trusts without Microsoft's instance discovery (empty for Entra ID). */
  readonly knownAuthorities: readonly string[];
  /** `entra`: Microsoft's protocol; `oidc`: plain OpenID Connect. */
  readonly protocol: 'entra' | 'oidc';
  /** The sign-in domains the server admits (ALLOWED_SIGN_IN_DOMAINS); the server enforces them. */
  readonly allowedDomains: readonly string[];
}

/** `GET /api/auth/config`: what the web needs to sign in (MSAL settings, or the dev picker). */
export interface AuthConfigResponse {
  readonly devSignIn: boolean;
  readonly entra: SingleSignOnSettings | null;
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
  /** `GET /api/me` answers 'granted' for a staff member (issue 25; see PendingAccessResponse). */
  readonly access?: 'granted';
  /** The owner (organisation) the person belongs to. `GET /api/me` always answers it. */
  readonly ownerId?: number;
  /**
   * The IANA time zone of the person's owner (issue 25): the web's "today" is a date of this zone,
   * as every rule of the server's is. `GET /api/me` always answers it.
   */
  readonly timeZone?: string;
}

/**
 * `GET /api/me` of someone of an allowed domain whom no one has added yet (issue 25): their first
 * sign-in was recorded and admins see them under "Awaiting access"; every other route answers 403
 * `authMessages.accessPending` until they are added.
 */
export interface PendingAccessResponse {
  readonly access: 'pending';
  /** The sign-in address, lower-case. */
  readonly username: string;
  readonly name: string;
  /** ISO instant of their first sign-in. */
  readonly firstSignInAt: string;
  /** Whom to write to meanwhile (SUPPORT_EMAIL). */
  readonly contactEmail: string;
}

/** What `GET /api/me` answers: a staff member, or someone whose access is being set up. */
export type MeAnswer = MeResponse | PendingAccessResponse;

/** Error body of every failed API call. */
export interface ApiErrorBody {
  readonly statusCode: number;
  readonly error: string;
  readonly message: string;
  readonly problems: readonly { readonly path: string; readonly message: string }[];
  /** Only on a stale edit's 409 that carries them (a leave): the current values of what was edited. */
  readonly current?: unknown;
}

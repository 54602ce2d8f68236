import { EMAIL_ADDRESS } from '@portal/contracts';
import { z } from 'zod';

/**
 * PORTAL_BOOTSTRAP_ADMINS (issue 25): addresses made admins of one owner on their first sign-in,
 * honoured only while that owner has no admin at all (modules/access, record 0255). Checked at
 * start with the rest: each must be an address of an allowed sign-in domain, or it could never
 * sign in.
 */
export interface BootstrapConfig {
  /** Lower-case addresses; empty: nobody is made an admin this way. */
  readonly admins: readonly string[];
  /** Whose admins they become (PORTAL_BOOTSTRAP_OWNER, default 1). */
  readonly ownerId: number;
  /** The name that owner is registered under when the log has no such owner yet (default: the admin's domain). */
  readonly ownerName: string | undefined;
}

const addresses = z
  .string()
  .default('')
  .transform((text) =>
    text
      .split(',')
      .map((address) => address.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z.string().regex(EMAIL_ADDRESS, 'must be e-mail addresses separated by commas (ana@smartwork.example)'),
    ),
  );

export const bootstrapEnvShape = {
  PORTAL_BOOTSTRAP_ADMINS: addresses,
  PORTAL_BOOTSTRAP_OWNER: z.coerce
    .number({ message: 'must be an owner id (a whole number from 1)' })
    .int('must be an owner id (a whole number from 1)')
    .min(1, 'must be an owner id (a whole number from 1)')
    .default(1),
  PORTAL_BOOTSTRAP_OWNER_NAME: z.string().trim().min(1).max(200).optional(),
};

interface BootstrapEnv {
  readonly PORTAL_BOOTSTRAP_ADMINS: readonly string[];
  readonly PORTAL_BOOTSTRAP_OWNER: number;
  readonly PORTAL_BOOTSTRAP_OWNER_NAME?: string;
  readonly ALLOWED_SIGN_IN_DOMAINS: readonly string[];
}

/** A bootstrap address outside the allowed sign-in domains could never sign in: refused at start. */
export function checkBootstrapEnv(env: BootstrapEnv, ctx: z.RefinementCtx): void {
  const outside = env.PORTAL_BOOTSTRAP_ADMINS.filter(
    (address) => !env.ALLOWED_SIGN_IN_DOMAINS.includes(address.slice(address.lastIndexOf('@') + 1)),
  );
  if (outside.length > 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['PORTAL_BOOTSTRAP_ADMINS'],
      message: `${outside.join(', ')} ${outside.length === 1 ? 'is' : 'are'} not of ALLOWED_SIGN_IN_DOMAINS (${env.ALLOWED_SIGN_IN_DOMAINS.join(', ')})`,
    });
  }
}

export function bootstrapConfigOf(env: BootstrapEnv): BootstrapConfig {
  return Object.freeze({
    admins: Object.freeze([...new Set(env.PORTAL_BOOTSTRAP_ADMINS)]),
    ownerId: env.PORTAL_BOOTSTRAP_OWNER,
    ownerName: env.PORTAL_BOOTSTRAP_OWNER_NAME,
  });
}

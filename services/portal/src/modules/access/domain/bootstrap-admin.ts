import { splitPersonName, type BootstrapAdminClaimed, type PersonNameParts } from '@portal/contracts';

/** The actor of what PORTAL_BOOTSTRAP_ADMINS makes (record 0255). */
export const BOOTSTRAP_ACTOR = { id: 'bootstrap', name: 'Bootstrap (PORTAL_BOOTSTRAP_ADMINS)' } as const;

/** Whether the address is one PORTAL_BOOTSTRAP_ADMINS names (both lower-case). */
export function isBootstrapAddress(username: string, admins: readonly string[]): boolean {
  return admins.includes(username.trim().toLowerCase());
}

/**
 * A bootstrap admin's names for the registration: the token's name split as `npm run staff:add`
 * splits `--name`; a one-word name (or none) is completed from the address ('ana.ruiz@…' → Ana
 * Ruiz), and a one-word address leaves the last name as the first name; an admin edits it later.
 */
export function bootstrapNames(name: string, username: string): PersonNameParts {
  const local = username.slice(0, username.lastIndexOf('@'));
  const fromAddress = local
    .split(/[._-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
  const word = name.trim() || fromAddress || local;
  return (
    splitPersonName(name) ??
    splitPersonName(fromAddress) ?? { firstName: word, middleName: null, lastName: word }
  );
}

/** The owner's name when the log has none yet: the one configured, else the admin's domain. */
export function bootstrapOwnerName(configured: string | undefined, username: string): string {
  return configured ?? username.slice(username.lastIndexOf('@') + 1);
}

/** Stream `bootstrap-owner-{ownerId}`: who PORTAL_BOOTSTRAP_ADMINS admits for the owner (one address, ever). */
export const bootstrapClaimStreamId = (ownerId: number): string => `bootstrap-owner-${ownerId}`;

export type BootstrapClaimEvent = {
  readonly type: 'BootstrapAdminClaimed';
  readonly data: BootstrapAdminClaimed;
};
export type ClaimBootstrapAdmin = {
  readonly type: 'ClaimBootstrapAdmin';
  readonly data: BootstrapAdminClaimed;
};
/** The address that claimed the owner's bootstrap admission; null: none yet. */
export type BootstrapClaimState = { readonly claimedBy: string | null };

/**
 * The first listed address to arrive claims the owner's bootstrap admission; a later claim by the
 * same address appends nothing (a retried sign-in), and any other address is simply not admitted
 * (the state says who holds it). The stream's expected revision settles two claims at once.
 */
export const bootstrapClaimDecider = {
  initialState: (): BootstrapClaimState => ({ claimedBy: null }),

  evolve(_state: BootstrapClaimState, event: BootstrapClaimEvent): BootstrapClaimState {
    return { claimedBy: event.data.username };
  },

  decide(command: ClaimBootstrapAdmin, state: BootstrapClaimState): BootstrapClaimEvent[] {
    if (state.claimedBy !== null) return [];
    return [{ type: 'BootstrapAdminClaimed', data: command.data }];
  },
};

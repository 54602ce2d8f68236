/**
 * The sign-in messages, in a module of their own without zod: the web's first screen shows them
 * and would otherwise download every schema of the contracts with them.
 */
export const authMessages = {
  /** Contractor spec §1 and §8: shown when the account is not one of the two organisations'. */
  notAllowedToLogin: 'User is not allowed to login.',
  signInRequired: 'Sign in to continue.',
  sessionEnded: 'Your session has ended. Sign in again.',
  adminOnly: 'You need to be an admin to do this.',
  /** Issue 11: an auditor reads and changes nothing. */
  auditorsReadOnly: 'Auditors can view but not change anything.',
  choosePerson: 'Choose a person to sign in as.',
  unknownPerson: 'No active person has this staff id.',
  devSignInOff: 'Dev sign-in is not enabled.',
  /**
   * Issue 25: every route but "who am I" and sign-out answers this (403) to someone of an allowed
   * domain whom no one has added yet; their first sign-in was recorded for the admins.
   */
  accessPending: 'Your access to the portal is being set up. An admin will add you soon.',
  /** Dev sign-in as someone not yet known: the two fields of its form. */
  newcomerEmail: 'Work e-mail must be an e-mail address',
  newcomerName: 'Name must have a value',
} as const;

/** The username claims Entra ID puts in tokens, in the order they are preferred. */
export interface UsernameClaims {
  readonly preferred_username?: unknown;
  readonly upn?: unknown;
  readonly email?: unknown;
  readonly unique_name?: unknown;
}

/** The sign-in name of a token: preferred_username, else upn, else email, else unique_name. */
export function usernameOf(claims: UsernameClaims): string | null {
  for (const value of [claims.preferred_username, claims.upn, claims.email, claims.unique_name]) {
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return null;
}

/** The person's name as a token gives it (its `name` claim), else their sign-in address. */
export function nameOf(claim: unknown, username: string): string {
  return typeof claim === 'string' && claim.trim() !== '' ? claim.trim() : username;
}

/**
 * True when the username's domain (after the last '@') is exactly one of the allowed sign-in
 * domains, compared case-insensitively. Subdomains and look-alikes
 * ('smartwork.example.evil', 'evil-smartwork.example') are refused.
 */
export function isAllowedSignInDomain(username: string, allowedDomains: readonly string[]): boolean {
  const at = username.lastIndexOf('@');
  if (at <= 0 || at === username.length - 1) return false;
  const domain = username.slice(at + 1).toLowerCase();
  return allowedDomains.some((allowed) => allowed.toLowerCase() === domain);
}

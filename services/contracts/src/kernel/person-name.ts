/** A person's name in the parts a staff record keeps. */
export interface PersonNameParts {
  readonly firstName: string;
  readonly middleName: string | null;
  readonly lastName: string;
}

/**
 * "Ana María Ruiz" → first Ana, middle María, last Ruiz; null when it has fewer than two words
 * (one word is not a full name). Used by `npm run staff:add -- --name`, a bootstrap admin's
 * registration and the Add staff member dialog opened for someone awaiting access.
 */
export function splitPersonName(name: string): PersonNameParts | null {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return null;
  return {
    firstName: words[0],
    middleName: words.length > 2 ? words.slice(1, -1).join(' ') : null,
    lastName: words[words.length - 1],
  };
}

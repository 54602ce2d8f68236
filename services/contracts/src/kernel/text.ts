/**
 * Length rules on text a person types count what they see as characters: grapheme clusters
 * (an emoji, a flag or a letter with its accents is one), not UTF-16 code units. The browser and
 * the server use these same helpers (Intl.Segmenter: Node 20+ and current browsers).
 */
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The number of characters a person sees, counting at most `upTo` (a caller that only asks "more
 * than N?" passes N + 1, so a huge text costs no more than N + 1 steps).
 */
export function characterCount(text: string, upTo = Number.POSITIVE_INFINITY): number {
  // Printable ASCII is one character per code unit; anything else goes through the segmenter.
  if (/^[\x20-\x7e]*$/.test(text)) return Math.min(text.length, upTo);
  let count = 0;
  for (const _segment of graphemes.segment(text)) {
    count += 1;
    if (count >= upTo) break;
  }
  return count;
}

/** True when the text has more than `max` characters (grapheme clusters). */
export function exceedsCharacters(text: string, max: number): boolean {
  if (text.length <= max) return false; // never more graphemes than code units
  return characterCount(text, max + 1) > max;
}

/** The text cut to its first `max` characters, never splitting one (what an input lets through). */
export function limitCharacters(text: string, max: number): string {
  if (!exceedsCharacters(text, max)) return text;
  let end = 0;
  let count = 0;
  for (const { index, segment } of graphemes.segment(text)) {
    if (count === max) break;
    count += 1;
    end = index + segment.length;
  }
  return text.slice(0, end);
}

/**
 * The free-text rule (docs/decisions/0236-free-text-rule.md): text may hold any character a person
 * can type or paste, tab and line breaks included, but no other control character (C0 and C1
 * controls, NUL and DEL among them) and no broken character (a lone UTF-16 surrogate, half of an
 * emoji). Such text is refused, never cleaned: PostgreSQL cannot store NUL or a lone surrogate,
 * and the others are invisible, so what a person saw would not be what was kept.
 */
const BROKEN_CHARACTER =
  // eslint-disable-next-line no-control-regex -- finding control characters is this rule's purpose
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when the text holds a character the free-text rule refuses. */
export function hasBrokenCharacters(text: string): boolean {
  return BROKEN_CHARACTER.test(text);
}

export const textMessages = {
  brokenCharacters: (field: string) => `${field} must not contain control characters or broken characters`,
  /** An upload whose file name breaks the rule (busboy cannot even read a NUL in it). */
  fileName:
    'The file name must not contain control characters or broken characters. Rename the file and upload it again.',
} as const;

/**
 * What is wrong with a free text (already trimmed), or null: the free-text rule first, then at
 * most `max` characters (`tooLong` is the field's own message).
 */
export function freeTextProblem(field: string, text: string, max: number, tooLong: string): string | null {
  if (hasBrokenCharacters(text)) return textMessages.brokenCharacters(field);
  return exceedsCharacters(text, max) ? tooLong : null;
}

/** A plausible e-mail address (something@domain.tld, no spaces): the one rule every form uses. */
export const EMAIL_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** True for a plausible e-mail address under the free-text rule, ignoring surrounding spaces. */
export function isEmailAddress(text: string): boolean {
  return EMAIL_ADDRESS.test(text.trim()) && !hasBrokenCharacters(text);
}

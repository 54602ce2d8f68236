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

/** A plausible e-mail address (something@domain.tld, no spaces): the one rule every form uses. */
export const EMAIL_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** True for a plausible e-mail address, ignoring surrounding spaces. */
export function isEmailAddress(text: string): boolean {
  return EMAIL_ADDRESS.test(text.trim());
}

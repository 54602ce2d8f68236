/** Knowing a file by its first bytes (never by its name): shared by every upload that checks content. */

/** The leading bytes that mark one kind of content. */
export interface FileSignature<K> {
  readonly kind: K;
  readonly bytes: readonly number[];
}

/**
 * The kind whose signature the content's first bytes carry: 'undecided' while the bytes seen so
 * far still begin some signature, null when they match none. The first signature that matches wins.
 */
export function matchFileSignature<K>(
  head: Uint8Array,
  signatures: readonly FileSignature<K>[],
): K | 'undecided' | null {
  let undecided = false;
  for (const { kind, bytes } of signatures) {
    const n = Math.min(head.length, bytes.length);
    let same = true;
    for (let i = 0; i < n; i++) if (head[i] !== bytes[i]) same = false;
    if (!same) continue;
    if (head.length >= bytes.length) return kind;
    undecided = true;
  }
  return undecided ? 'undecided' : null;
}

/** `%PDF-`: what every PDF file begins with. */
export const PDF_SIGNATURE_BYTES: readonly number[] = [0x25, 0x50, 0x44, 0x46, 0x2d];

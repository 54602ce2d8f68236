/**
 * Before → after of an update, the shape every admin-data change event carries (issue 9) so
 * auditors can replay what changed: `before` and `after` hold exactly the fields that changed,
 * the same keys in both. An update that changes nothing records no event.
 */
export interface FieldChanges<T> {
  readonly before: Partial<T>;
  readonly after: Partial<T>;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  // Lists and small records (contacts, flags) compare by content.
  if (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null)
    return JSON.stringify(a) === JSON.stringify(b);
  return false;
}

/**
 * The fields of `next` (only those given; `undefined` means not given) whose value differs from
 * `current`; null when none did.
 */
export function changedFields<T extends object>(current: T, next: Partial<T>): FieldChanges<T> | null {
  const before: Partial<T> = {};
  const after: Partial<T> = {};
  let any = false;
  for (const key of Object.keys(next) as (keyof T)[]) {
    const value = next[key];
    if (value === undefined || sameValue(current[key], value)) continue;
    before[key] = current[key];
    after[key] = value as T[keyof T];
    any = true;
  }
  return any ? { before, after } : null;
}

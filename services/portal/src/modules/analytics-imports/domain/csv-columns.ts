import { DomainError } from '../../../kernel/domain-error';

/**
 * Finding a vendor export's columns by their headings. Microsoft's exports spell the same column
 * differently by agreement type and portal version ('CostInBillingCurrency', 'costInBillingCurrency',
 * 'Cost in billing currency'), so a heading is compared without case, spaces, underscores or a
 * byte-order mark. Each wanted column lists the headings accepted, in order of preference.
 */
export const headingKey = (heading: string): string =>
  heading
    .replace(/^\uFEFF/, '')
    .replace(/[\s_]/g, '')
    .toLowerCase();

export interface WantedColumn {
  /** The name a refusal gives when none of the headings is there. */
  readonly label: string;
  readonly accepted: readonly string[];
}

/** Where each wanted column is (its index and the heading the file used), or null when missing. */
export function locateColumns<K extends string>(
  headings: readonly string[],
  wanted: Readonly<Record<K, WantedColumn>>,
): { found: Partial<Record<K, { index: number; heading: string }>>; missing: string[] } {
  const keys = headings.map(headingKey);
  const found: Partial<Record<K, { index: number; heading: string }>> = {};
  const missing: string[] = [];
  for (const name of Object.keys(wanted) as K[]) {
    const column = wanted[name];
    const index = column.accepted.map((a) => keys.indexOf(headingKey(a))).find((i) => i >= 0);
    if (index === undefined) missing.push(column.label);
    else found[name] = { index, heading: headings[index]!.replace(/^\uFEFF/, '').trim() };
  }
  return { found, missing };
}

/** A refusal of the uploaded file, reported on the field `file`. */
export const refuseFile = (message: string): DomainError =>
  DomainError.validation([{ path: 'file', message }]);

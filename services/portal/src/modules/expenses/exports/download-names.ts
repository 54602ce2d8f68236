/**
 * Names of what a person downloads: the zip (`{person}-{project}-{period}.zip`) and the entries in
 * it. Every part is reduced to plain ASCII letters, digits and a few separators, so no name can
 * carry a path, a control character or a quote into a header or an archive.
 */

const MAX_PART = 60;
const MAX_ENTRY_BASE = 100;

/** Letters and digits kept (accents dropped), every other run becomes one '_'. */
export function sanitiseNamePart(text: string, fallback: string): string {
  const plain = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, MAX_PART)
    .replace(/_+$/g, '');
  return plain === '' ? fallback : plain;
}

/**
 * `Alice_Smith-Acme_Rollout-2026-11.zip`; a billing period that is not a month:
 * `Alice_Smith-Acme_Rollout-2026-10-26_2026-11-25.zip` (`period` is made by the portal: digits,
 * dashes and one underscore).
 */
export function receiptsZipFileName(person: string, project: string, period: string): string {
  return `${sanitiseNamePart(person, 'person')}-${sanitiseNamePart(project, 'project')}-${period}.zip`;
}

export interface ZipEntrySource {
  readonly receiptId: string;
  /** The first date of an expense the receipt belongs to. */
  readonly date: string;
  readonly fileName: string;
}

/**
 * One entry name per receipt: `{date}-{file name}` with the file name's last path segment only,
 * unsafe characters replaced, '.pdf' kept; a name already taken (compared case-insensitively, as
 * Windows and macOS do) gets ' (2)', ' (3)'... before the extension. Same input order, same names.
 */
export function zipEntryNames(sources: readonly ZipEntrySource[]): string[] {
  const taken = new Set<string>();
  return sources.map((source) => {
    const lastSegment = source.fileName.split(/[/\\]/).pop() ?? '';
    const withoutExtension = lastSegment.replace(/\.pdf$/i, '');
    const base = withoutExtension
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9 ._()-]+/g, '_')
      .replace(/^[\s.]+|[\s.]+$/g, '')
      .slice(0, MAX_ENTRY_BASE);
    const stem = `${source.date}-${base === '' ? 'receipt' : base}`;
    let name = `${stem}.pdf`;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${stem} (${n}).pdf`;
    taken.add(name.toLowerCase());
    return name;
  });
}

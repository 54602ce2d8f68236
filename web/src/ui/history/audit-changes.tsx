import { auditValueText, localDateTimeIn, timeZoneNameAt, type AuditChange } from '@portal/contracts';
import { currentBusinessTimeZone } from '../../lib/business-day';

const shown = (value: unknown) => {
  const text = auditValueText(value);
  return text === '' ? '(none)' : text;
};

/** An audit entry's changes, field by field: 'amount: 25 → 40'. */
export function AuditChanges({ changes }: { changes: readonly AuditChange[] }) {
  if (changes.length === 0) return <span className="audit-changes__none">No field changed</span>;
  return (
    <ul className="audit-changes">
      {changes.map((c) => (
        <li key={c.field}>
          <span className="audit-changes__field">{c.field}</span>: <span>{shown(c.before)}</span>
          <span aria-label="changed to"> → </span>
          <span>{shown(c.after)}</span>
        </li>
      ))}
    </ul>
  );
}

/** The changes as one line of text (a table's text filter and sort). */
export function auditChangesText(changes: readonly AuditChange[]): string {
  return changes.map((c) => `${c.field}: ${shown(c.before)} → ${shown(c.after)}`).join('; ');
}

/**
 * 'YYYY-MM-DD HH:mm MST': the instant on the wall clock of the reader's owner's zone (issue 25),
 * named as people read it there ('MST', 'MDT', 'GMT+5:30').
 */
export function auditWhen(iso: string, timeZone: string = currentBusinessTimeZone()): string {
  const instant = new Date(iso);
  const local = localDateTimeIn(instant, timeZone);
  return `${local.slice(0, 10)} ${local.slice(11, 16)} ${timeZoneNameAt(instant, timeZone)}`;
}

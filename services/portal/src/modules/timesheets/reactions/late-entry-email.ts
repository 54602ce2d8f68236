import type { TimesheetEntryFields } from '@portal/contracts';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port';
import { recordedLedgerEvent } from '../../periods';
import { isMoveWithdrawal } from './late-entry.reactor';

export interface LateEntryChange {
  readonly kind: 'added' | 'changed' | 'deleted';
  readonly before: TimesheetEntryFields | null;
  readonly after: TimesheetEntryFields | null;
}

/** The late changes one command made in one ledger, in log order. */
export function lateChangesOf(events: readonly RecordedEvent[], commandId: string): LateEntryChange[] {
  const changes: LateEntryChange[] = [];
  for (const event of events.map(recordedLedgerEvent)) {
    if (event.metadata.commandId !== commandId || isMoveWithdrawal(event)) continue;
    if (event.type === 'TimesheetSubmitted') {
      const data = event.data;
      if (!data.lateEntry) continue;
      const { projectId, subProjectId, date, hours, overtimeHours, comment } = data;
      const after = { projectId, subProjectId, date, hours, overtimeHours, comment };
      changes.push(
        data.movedFrom
          ? { kind: 'changed', before: data.movedFrom.before, after }
          : { kind: 'added', before: null, after },
      );
    } else if (event.type === 'TimesheetEntryCorrected') {
      const data = event.data;
      if (data.lateEntry) changes.push({ kind: 'changed', before: data.before, after: data.after });
    } else if (event.type === 'TimesheetEntryWithdrawn') {
      const data = event.data;
      if (data.lateEntry) changes.push({ kind: 'deleted', before: data.before, after: null });
    }
  }
  return changes;
}

export type ProjectNameOf = (projectId: number) => string;

export function describeEntry(fields: TimesheetEntryFields, nameOf: ProjectNameOf): string {
  const project =
    fields.subProjectId === null
      ? nameOf(fields.projectId)
      : `${nameOf(fields.projectId)} / ${nameOf(fields.subProjectId)}`;
  const overtime = fields.overtimeHours === null ? '' : `, overtime ${fields.overtimeHours} h`;
  return `${fields.date} ${project}: ${fields.hours} h${overtime}, "${fields.comment}"`;
}

const NOTHING = '(nothing)';

/** The admins' e-mail: who, which project and dates, and each change as before -> after. */
export function lateEntryEmail(
  person: string,
  changes: readonly LateEntryChange[],
  nameOf: ProjectNameOf,
): { subject: string; text: string } {
  const projects = [
    ...new Set(changes.flatMap((c) => [c.before, c.after]).flatMap((f) => (f ? [f.projectId] : []))),
  ];
  const dates = [...new Set(changes.flatMap((c) => [c.before?.date, c.after?.date]).filter(Boolean))].sort();
  const lines = changes.map((change) => {
    const before = change.before ? describeEntry(change.before, nameOf) : NOTHING;
    const after = change.after ? describeEntry(change.after, nameOf) : NOTHING;
    const label = { added: 'Added', changed: 'Changed', deleted: 'Deleted' }[change.kind];
    return `- ${label}: ${before} -> ${after}`;
  });
  return {
    subject: `Late timesheet entry: ${person}, ${projects.map(nameOf).join(', ')}`,
    text: [
      `${person} saved timesheet entries dated before the Monday of the current week.`,
      '',
      `Project: ${projects.map(nameOf).join(', ')}`,
      `Date(s): ${dates.join(', ')}`,
      '',
      'Changes (before -> after):',
      ...lines,
      '',
    ].join('\n'),
  };
}

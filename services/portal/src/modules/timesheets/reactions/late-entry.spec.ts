// Fixed dates: late-entry mail of given events and dates.
import type { TimesheetEntryFields } from '@portal/contracts';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port';
import { lateChangesOf, lateEntryEmail } from './late-entry-email';
import { LATE_ENTRY_EMAIL_JOB, lateEntryReactor } from './late-entry.reactor';

const fields = (overrides: Partial<TimesheetEntryFields> = {}): TimesheetEntryFields => ({
  projectId: 33,
  subProjectId: null,
  date: '2026-11-12',
  hours: '8',
  overtimeHours: null,
  comment: 'Site visit',
  ...overrides,
});

let revision = 0n;
function recorded(
  type: string,
  data: object,
  commandId = 'cmd-1',
  streamId = 'ledger-6-2026-11',
): RecordedEvent {
  revision += 1n;
  return {
    id: `00000000-0000-5000-8000-${String(revision).padStart(12, '0')}`,
    type,
    data,
    streamId,
    revision,
    position: { commit: revision, prepare: revision },
    recordedAt: '2026-11-18T15:00:00.000Z',
    metadata: {
      actor: { id: '6', name: 'Rita Receipts' },
      occurredAt: '2026-11-18T15:00:00.000Z',
      correlationId: 'c',
      causationId: null,
      commandId,
      schemaVersion: 1,
    },
  };
}

const submitted = (date: string, lateEntry: boolean, commandId = 'cmd-1') =>
  recorded(
    'TimesheetSubmitted',
    { entryId: date, employeeId: 6, ...fields({ date }), lateEntry, version: 1, movedFrom: null },
    commandId,
  );

describe('late-entry reactor', () => {
  it('asks for one job per command and ledger, only for late events', async () => {
    const a = await lateEntryReactor.react(submitted('2026-11-12', true));
    const b = await lateEntryReactor.react(submitted('2026-11-13', true));
    expect(a).toHaveLength(1);
    expect(a[0]).toMatchObject({
      name: LATE_ENTRY_EMAIL_JOB,
      data: { streamId: 'ledger-6-2026-11', commandId: 'cmd-1', employeeId: 6 },
    });
    expect(b[0].jobId).toBe(a[0].jobId);
    expect(await lateEntryReactor.react(submitted('2026-11-17', false))).toEqual([]);
    const other = await lateEntryReactor.react(submitted('2026-11-12', true, 'cmd-2'));
    expect(other[0].jobId).not.toBe(a[0].jobId);
  });

  it('leaves the withdrawal half of a move to the submission half', async () => {
    const moved = recorded('TimesheetEntryWithdrawn', {
      entryId: 'x',
      employeeId: 6,
      before: fields(),
      lateEntry: true,
      movedTo: '2026-12',
    });
    expect(await lateEntryReactor.react(moved)).toEqual([]);
  });
});

describe('late-entry e-mail', () => {
  it('lists the command’s late changes as before -> after', () => {
    const events = [
      submitted('2026-11-12', true),
      submitted('2026-11-17', false),
      recorded('TimesheetEntryCorrected', {
        entryId: 'y',
        employeeId: 6,
        before: fields({ date: '2026-11-10' }),
        after: fields({ date: '2026-11-10', hours: '6', overtimeHours: '1' }),
        version: 2,
        lateEntry: true,
      }),
      recorded('TimesheetEntryWithdrawn', {
        entryId: 'z',
        employeeId: 6,
        before: fields(),
        lateEntry: true,
        movedTo: null,
      }),
      submitted('2026-11-11', true, 'another-command'),
    ];
    const changes = lateChangesOf(events, 'cmd-1');
    expect(changes.map((c) => c.kind)).toEqual(['added', 'changed', 'deleted']);

    const names = new Map([[33, 'Fort McMurray Relocation']]);
    const email = lateEntryEmail('Rita Receipts', changes, (id) => names.get(id) ?? `Project ${id}`);
    expect(email.subject).toBe('Late timesheet entry: Rita Receipts, Fort McMurray Relocation');
    expect(email.text).toContain('Date(s): 2026-11-10, 2026-11-12');
    expect(email.text).toContain(
      '- Added: (nothing) -> 2026-11-12 Fort McMurray Relocation: 8 h, "Site visit"',
    );
    expect(email.text).toContain(
      '- Changed: 2026-11-10 Fort McMurray Relocation: 8 h, "Site visit" -> 2026-11-10 Fort McMurray Relocation: 6 h, overtime 1 h, "Site visit"',
    );
    expect(email.text).toContain(
      '- Deleted: 2026-11-12 Fort McMurray Relocation: 8 h, "Site visit" -> (nothing)',
    );
  });

  it('names the sub-project of the umbrella project', () => {
    const changes = lateChangesOf(
      [
        recorded('TimesheetSubmitted', {
          entryId: 'u',
          employeeId: 6,
          ...fields({ projectId: 45, subProjectId: 61 }),
          lateEntry: true,
          version: 2,
          movedFrom: {
            month: '2026-10',
            before: fields({ projectId: 45, subProjectId: 61, date: '2026-10-30' }),
          },
        }),
      ],
      'cmd-1',
    );
    const names = new Map([
      [45, 'Umbrella Services'],
      [61, 'Field Operations'],
    ]);
    const email = lateEntryEmail('Rita', changes, (id) => names.get(id)!);
    expect(email.text).toContain(
      '- Changed: 2026-10-30 Umbrella Services / Field Operations: 8 h, "Site visit" -> 2026-11-12 Umbrella Services / Field Operations: 8 h, "Site visit"',
    );
  });
});

// Fixed dates: events with their recorded instants, turned into audit rows.
import { AUDITED_EVENT_TYPES, auditRowsOf, commandLabelOf } from './audit-rows';

const SEALED = 'pd1:abcdef';
const rows = (type: string, data: unknown, streamId = 'stream') => auditRowsOf({ type, data, streamId });

describe('event -> audit rows', () => {
  it('a timesheet entry: submitted (values as after), corrected (only the changed fields), withdrawn', () => {
    const fields = {
      projectId: 12,
      subProjectId: null,
      date: '2026-11-02',
      hours: '7.5',
      overtimeHours: null,
      comment: 'Site',
    };
    const [submitted] = rows('TimesheetSubmitted', {
      entryId: 'e1',
      employeeId: 4,
      ...fields,
      lateEntry: false,
      version: 1,
      movedFrom: null,
    });
    expect(submitted).toMatchObject({
      entityKind: 'timesheet-entry',
      entityId: 'e1',
      subjectPersonId: 4,
      projectId: 12,
    });
    expect(submitted.changes).toContainEqual({ field: 'hours', before: null, after: '7.5' });
    const [corrected] = rows('TimesheetEntryCorrected', {
      entryId: 'e1',
      employeeId: 4,
      before: fields,
      after: { ...fields, hours: '3.5' },
      version: 2,
      lateEntry: false,
    });
    expect(corrected.changes).toEqual([{ field: 'hours', before: '7.5', after: '3.5' }]);
    const [withdrawn] = rows('TimesheetEntryWithdrawn', {
      entryId: 'e1',
      employeeId: 4,
      before: fields,
      lateEntry: false,
      movedTo: null,
    });
    expect(withdrawn.changes).toContainEqual({ field: 'comment', before: 'Site', after: null });
  });

  it('an expense: corrected amount before -> after; a move names where it went', () => {
    const fields = { projectId: 12, amount: '25', claimed: '25', comment: 'Drive' };
    const [corrected] = rows('ExpenseCorrected', {
      expenseId: 'x1',
      employeeId: 4,
      before: fields,
      after: { ...fields, amount: '40', claimed: '40' },
      version: 2,
    });
    expect(corrected).toMatchObject({ entityKind: 'expense', entityId: 'x1', subjectPersonId: 4 });
    expect(corrected.changes).toEqual([
      { field: 'amount', before: '25', after: '40' },
      { field: 'claimed', before: '25', after: '40' },
    ]);
    const [moved] = rows('ExpenseWithdrawn', {
      expenseId: 'x1',
      employeeId: 4,
      before: fields,
      movedTo: '2026-12',
    });
    expect(moved).toMatchObject({ reason: 'Moved to 2026-12', changes: [] });
  });

  it('a period: verified, approved (and each entry), returned with the reason on every row', () => {
    const [verified] = rows(
      'PeriodVerified',
      { employeeId: 4, projectId: 12, month: '2026-11', what: 'timesheets' },
      'ledger-4-2026-11',
    );
    expect(verified).toMatchObject({
      entityKind: 'period',
      entityId: '4-2026-11',
      subjectPersonId: 4,
      projectId: 12,
    });
    const approved = rows(
      'TimesheetsApproved',
      { entryIds: ['e1', 'e2'], employeeId: 4, projectId: 12, month: '2026-11' },
      'ledger-4-2026-11',
    );
    expect(approved.map((r) => `${r.entityKind}:${r.entityId}`)).toEqual([
      'period:4-2026-11',
      'timesheet-entry:e1',
      'timesheet-entry:e2',
    ]);
    expect(approved[1].changes).toEqual([{ field: 'approved', before: false, after: true }]);
    const returned = rows(
      'PeriodReturned',
      {
        employeeId: 4,
        projectId: 12,
        month: '2026-11',
        reason: 'Wrong project',
        entryIds: [],
        expenseIds: ['x1'],
      },
      'ledger-4-2026-11',
    );
    expect(returned.map((r) => [r.entityKind, r.reason])).toEqual([
      ['period', 'Wrong project'],
      ['expense', 'Wrong project'],
    ]);
  });

  it('a roster save: one row per cell, before -> after (older events: before unknown)', () => {
    const cells = rows('RosterChanged', {
      changes: [
        {
          employeeId: 4,
          projectId: 12,
          isAllowedToBill: false,
          before: { isAllowedToBill: true },
          after: { isAllowedToBill: false },
        },
        { employeeId: 5, projectId: 21, isAllowedToBill: true },
      ],
    });
    expect(cells.map((c) => [c.entityKind, c.entityId, c.subjectPersonId, c.changes])).toEqual([
      ['roster-cell', '4:12', 4, [{ field: 'isAllowedToBill', before: true, after: false }]],
      ['roster-cell', '5:21', 5, [{ field: 'isAllowedToBill', before: null, after: true }]],
    ]);
  });

  it('a planned-hours save: one row per cell', () => {
    const [cell] = rows('PlannedHoursSet', {
      projectId: 12,
      changes: [
        { employeeId: 4, month: '2026-11', before: { plannedHours: null }, after: { plannedHours: 80 } },
      ],
    });
    expect(cell).toMatchObject({
      entityKind: 'planned-hours-cell',
      entityId: '12:4:2026-11',
      projectId: 12,
      changes: [{ field: 'plannedHours', before: null, after: 80 }],
    });
  });

  it('a staff record: sealed fields show as sealed, never ciphertext; flags before -> after', () => {
    const [registered] = rows('StaffMemberRegistered', {
      staffId: 7,
      name: 'Eve',
      ownerId: 2,
      dob: SEALED,
      isAdmin: false,
    });
    expect(registered).toMatchObject({ entityKind: 'staff', entityId: '7', subjectPersonId: 7, ownerId: 2 });
    expect(registered.changes).toContainEqual({ field: 'dob', before: null, after: 'sealed' });
    const [access] = rows('StaffAccessChanged', { staffId: 7, isAdmin: true, before: { isAdmin: false } });
    expect(access.changes).toEqual([{ field: 'isAdmin', before: false, after: true }]);
    const [old] = rows('StaffAccessChanged', { staffId: 7, isActive: false });
    expect(old.changes).toEqual([{ field: 'isActive', before: null, after: false }]);
  });

  /** [event, its id, what its row is about, a sealed field, a plain field] */
  it.each([
    ['StaffProfileChanged', { staffId: 7 }, { entityKind: 'staff', entityId: '7' }, 'bankName', 'city'],
    [
      'VehicleDetailsChanged',
      { vehicleId: 9 },
      { entityKind: 'vehicle', entityId: '9' },
      'driveLicense',
      'plateNumber',
    ],
    [
      'CandidateUpdated',
      { candidateId: 'c1' },
      { entityKind: 'candidate', entityId: 'c1' },
      'email',
      'status',
    ],
  ])(
    '%s: a sealed field reads "sealed" on both sides, a plain one its values',
    (type, id, about, sealed, plain) => {
      const [row] = rows(type, {
        ...id,
        before: { [sealed]: 'pd1:one', [plain]: 'Calgary' },
        after: { [sealed]: 'pd1:two', [plain]: 'Edmonton' },
      });
      expect(row).toMatchObject(about);
      expect(row.changes).toEqual([
        { field: sealed, before: 'sealed', after: 'sealed' },
        { field: plain, before: 'Calgary', after: 'Edmonton' },
      ]);
      expect(JSON.stringify(row)).not.toContain('pd1:');
    },
  );

  it('projects (both update shapes) and clients', () => {
    const [opened] = rows('ProjectOpened', { projectId: 61, clientId: 3, ownerId: 2, name: 'Pipeline' });
    expect(opened).toMatchObject({ entityKind: 'project', entityId: '61', ownerId: 2, projectId: 61 });
    const [v2] = rows('ProjectUpdated', {
      projectId: 61,
      before: { name: 'Pipeline' },
      after: { name: 'Pipeline 2' },
    });
    expect(v2.changes).toEqual([{ field: 'name', before: 'Pipeline', after: 'Pipeline 2' }]);
    const [v1] = rows('ProjectUpdated', { projectId: 61, name: 'Pipeline 3' });
    expect(v1.changes).toEqual([{ field: 'name', before: null, after: 'Pipeline 3' }]);
    const [closed] = rows('ProjectClosed', { projectId: 61 });
    expect(closed.changes).toEqual([{ field: 'isActive', before: true, after: false }]);
    const [client] = rows('ClientDetailsChanged', {
      clientId: 3,
      before: { city: 'A' },
      after: { city: 'B' },
    });
    expect(client).toMatchObject({
      entityKind: 'client',
      entityId: '3',
      changes: [{ field: 'city', before: 'A', after: 'B' }],
    });
  });

  it('a discarded resume, leave and the code of conduct acknowledgement', () => {
    const [discarded] = rows('ResumeDiscarded', {
      resumeId: 'r1',
      reason: 'unattached',
      uploadedAt: '2026-11-02T10:00:00.000Z',
    });
    expect(discarded).toMatchObject({
      entityKind: 'resume',
      entityId: 'r1',
      reason: 'unattached',
      changes: [{ field: 'discarded', before: false, after: true }],
    });
    const [leave] = rows('LeaveChanged', {
      leaveId: 'l1',
      employeeId: 4,
      before: { notes: 'a' },
      after: { notes: 'b' },
    });
    expect(leave).toMatchObject({
      entityKind: 'leave',
      subjectPersonId: 4,
      changes: [{ field: 'notes', before: 'a', after: 'b' }],
    });
    const [ack] = rows('CodeOfConductAcknowledged', {
      staffId: 4,
      name: 'Dana',
      acknowledgedAt: '2026-11-02T10:00:00.000Z',
    });
    expect(ack).toMatchObject({ entityKind: 'acknowledgement', entityId: '4', subjectPersonId: 4 });
    expect(ack.changes).toContainEqual({
      field: 'acknowledgedAt',
      before: null,
      after: '2026-11-02T10:00:00.000Z',
    });
  });

  it('a first sign-in, a bootstrap admin, a directory tie and a directory sync run, with readable commands', () => {
    const [requested] = rows('AccessRequested', {
      username: 'nina@smartwork.example',
      name: 'Nina New',
      requestedAt: '2026-11-02T10:00:00.000Z',
    });
    expect(requested).toMatchObject({ entityKind: 'access-request', entityId: 'nina@smartwork.example' });
    expect(requested.changes).toContainEqual({ field: 'name', before: null, after: 'Nina New' });
    const [claimed] = rows('BootstrapAdminClaimed', { ownerId: 1, username: 'ana@firm.example' });
    expect(claimed).toMatchObject({ entityKind: 'access-request', entityId: 'ana@firm.example', ownerId: 1 });
    expect(claimed.changes).toEqual([{ field: 'ownerId', before: null, after: 1 }]);
    const [linked] = rows('StaffDirectoryLinked', { directoryId: 'u-1', staffId: 7 });
    expect(linked).toMatchObject({ entityKind: 'staff', entityId: '7', subjectPersonId: 7 });
    expect(linked.changes).toEqual([{ field: 'directoryId', before: null, after: 'u-1' }]);
    const counts = { created: 2, updated: 1, deactivated: 0, linked: 0, unchanged: 3, ignored: 1 };
    const [run] = rows('DirectorySyncCompleted', {
      ...counts,
      deltaLink: 'https://graph.microsoft.com/v1.0/users/delta?$deltatoken=opaque',
      requestedBy: { staffId: 1, name: 'Alice Admin' },
    });
    expect(run).toMatchObject({ entityKind: 'directory-sync', entityId: 'directory-sync' });
    expect(run.changes).toContainEqual({ field: 'created', before: null, after: 2 });
    expect(run.changes).toContainEqual({ field: 'requestedBy', before: null, after: 'Alice Admin' });
    expect(run.changes.map((c) => c.field)).not.toContain('deltaLink');
    const [scheduled] = rows('DirectorySyncCompleted', { ...counts, deltaLink: 'x', requestedBy: null });
    expect(scheduled.changes).toContainEqual({ field: 'requestedBy', before: null, after: 'scheduled' });

    const [moved] = rows('StaffUsernameChanged', {
      staffId: 7,
      before: { username: 'dora@smartwork.example' },
      after: { username: 'dora.new@smartwork.example' },
    });
    expect(moved).toMatchObject({ entityKind: 'staff', entityId: '7', subjectPersonId: 7 });
    expect(moved.changes).toEqual([
      { field: 'username', before: 'dora@smartwork.example', after: 'dora.new@smartwork.example' },
    ]);
    expect(commandLabelOf('StaffUsernameChanged')).toBe('Sign-in address changed');
    expect(commandLabelOf('AccessRequested')).toBe('Access requested (first sign-in)');
    expect(commandLabelOf('BootstrapAdminClaimed')).toBe('First admin claimed (bootstrap)');
    expect(commandLabelOf('StaffDirectoryLinked')).toBe('Tied to a directory user');
    expect(commandLabelOf('DirectorySyncCompleted')).toBe('Directory sync run');
    for (const type of [
      'AccessRequested',
      'BootstrapAdminClaimed',
      'StaffDirectoryLinked',
      'DirectorySyncCompleted',
    ])
      expect(AUDITED_EVENT_TYPES).toContain(type);
  });

  it('shows what OCR read from a photo receipt as before -> after on the receipt', () => {
    const nothing = { total: null, date: null, vendor: null, currency: null };
    const [entry] = rows('ReceiptScanned', {
      receiptId: 'r-1',
      employeeId: 7,
      source: 'ocr',
      before: nothing,
      after: { ...nothing, total: '18.90', vendor: 'Harbour Parking' },
      outcome: 'read',
    });
    expect(entry).toMatchObject({ entityKind: 'receipt', entityId: 'r-1', subjectPersonId: 7 });
    expect(entry.changes).toEqual([
      { field: 'total', before: null, after: '18.90' },
      { field: 'vendor', before: null, after: 'Harbour Parking' },
    ]);
    expect(commandLabelOf('ReceiptScanned')).toBe('Receipt scanned');
  });

  it('reads every audited type without throwing on an empty payload, and ignores unknown types', () => {
    for (const type of AUDITED_EVENT_TYPES) expect(() => rows(type, {})).not.toThrow();
    expect(rows('SomethingNew', { a: 1 })).toEqual([]);
    expect(commandLabelOf('ExpenseCorrected')).toBe('Expense corrected');
  });
});

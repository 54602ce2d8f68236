// Fixed dates: copied rows of a given week (pure functions).
import { describe, expect, it } from '@jest/globals';
import { timesheetMessages as msg, type CopiedEntry } from '@portal/contracts';
import { ApiError } from '../../lib/api';
import { anyLate, batchOf, checkedRow, draftOf, refusedRow } from './copy-week-draft';

const copied = (change: Partial<CopiedEntry> = {}): CopiedEntry => ({
  date: '2026-11-25',
  fromDate: '2026-11-18',
  projectId: 45,
  projectName: 'Umbrella',
  subProjectId: 14,
  subProjectName: 'Transit Signalling Upgrade',
  hours: '7.5',
  overtimeHours: null,
  comment: 'Signalling design review',
  ...change,
});

describe('the copied rows', () => {
  it('become editable rows: hours as text, overtime offered where there was some', () => {
    const [plain, overtimeOnly] = draftOf([
      copied(),
      copied({
        projectId: 61,
        subProjectId: null,
        subProjectName: null,
        projectName: 'Field',
        hours: null,
        overtimeHours: '2',
      }),
    ]);
    expect(plain).toMatchObject({
      project: 'Umbrella (Transit Signalling Upgrade)',
      hours: '7.5',
      overtimeHours: '',
      showOvertime: false,
      errors: {},
      refusal: null,
    });
    expect(overtimeOnly).toMatchObject({
      project: 'Field',
      hours: '',
      overtimeHours: '2',
      showOvertime: true,
    });
  });

  it('are sent one day each, as the batch of their project and sub-project', () => {
    const [row] = draftOf([copied()]);
    expect(batchOf({ ...row, hours: ' 6 ', overtimeHours: '3' }, false)).toEqual({
      projectId: 45,
      subProjectId: 14,
      items: [{ date: '2026-11-25', hours: '6', overtimeHours: null, comment: 'Signalling design review' }],
      confirmLate: false,
    });
  });

  it("are checked with the server's schema, each message beside its field", () => {
    const [row] = draftOf([copied()]);
    expect(checkedRow(row)).toMatchObject({ errors: {}, refusal: null });
    const noComment = checkedRow({ ...row, comment: ' ' });
    expect(noComment.errors).toEqual({ comment: msg.mustHaveValue('Activity Comment') });
    const bad = checkedRow({ ...row, hours: '' });
    expect(bad.errors).toEqual({ hours: msg.fillInYourHours });
    expect(bad.refusal).toBeNull();
  });

  it('ask the late-entry warning only for a day before the Monday of today', () => {
    const rows = draftOf([copied()]);
    expect(anyLate(rows, '2026-11-29')).toBe(false);
    expect(anyLate(rows, '2026-11-30')).toBe(true);
  });

  it("say a refusal beside the row: fields' messages at the fields, the others under the row, never a 500's text", () => {
    const [row] = draftOf([copied()]);
    const locked = refusedRow(row, new ApiError(423, 'Umbrella is not editable'));
    expect(locked).toMatchObject({ errors: {}, refusal: 'Umbrella is not editable' });
    const roster = refusedRow(
      row,
      new ApiError(400, 'x', [
        { path: 'projectId', message: msg.projectNotBillable },
        { path: 'items.0.hours', message: msg.mustBeWholeNumber('Hours') },
      ]),
    );
    expect(roster).toMatchObject({
      errors: { projectId: msg.projectNotBillable, hours: msg.mustBeWholeNumber('Hours') },
      refusal: msg.projectNotBillable,
    });
    expect(refusedRow(row, new ApiError(500, 'relation "x" does not exist')).refusal).toBe(msg.saveFailed);
    expect(refusedRow(row, new TypeError('Failed to fetch')).refusal).toBe(msg.saveFailed);
  });
});

// Fixed dates: drafts of a given grid's months.
import { describe, expect, it } from '@jest/globals';
import type { PlannedHoursGrid } from '@portal/contracts';
import {
  checkDrafts,
  draftsOf,
  monthChoices,
  onEnter,
  onLeave,
  planRowsOf,
  serverErrorsOf,
  signed,
} from './grid-drafts';

const grid: PlannedHoursGrid = {
  projectId: 12,
  projectName: 'Pipeline Integrity Review',
  months: ['2025-01', '2025-02'],
  people: [
    {
      employeeId: 3,
      name: 'Carlos Contractor',
      isActive: true,
      planned: { '2025-01': 0 },
      actual: { '2025-01': '4' },
    },
    { employeeId: 4, name: 'Dana Developer', isActive: true, planned: {}, actual: {} },
  ],
};

describe('planned-hours grid drafts', () => {
  it('starts from the stored values, an empty cell as an empty field', () => {
    expect(draftsOf(grid)).toEqual({ '3:2025-01': '0', '3:2025-02': '', '4:2025-01': '', '4:2025-02': '' });
  });

  it('applies the cell rules on leaving and clears a zero on entering', () => {
    expect(onLeave('007')).toBe('7');
    expect(onLeave('-3')).toBe('0');
    expect(onLeave('2.7')).toBe('2');
    expect(onEnter('0')).toBe('');
    // A zero cleared on entering returns when the cell is left untouched; typed away, it stays empty.
    expect(onLeave('', true)).toBe('0');
    expect(onLeave('')).toBe('');
    expect(onLeave('12', true)).toBe('12');
  });

  it('sends only the changed cells, an emptied one as null', () => {
    const drafts = { ...draftsOf(grid), '3:2025-01': '', '4:2025-02': '7' };
    expect(checkDrafts(grid, drafts)).toEqual({
      ok: true,
      cells: [
        { employeeId: 3, month: '2025-01', plannedHours: null },
        { employeeId: 4, month: '2025-02', plannedHours: 7 },
      ],
    });
  });

  it('highlights every cell that breaks the rules and sends nothing', () => {
    const checked = checkDrafts(grid, { ...draftsOf(grid), '4:2025-01': 'abc', '4:2025-02': '7' });
    expect(checked).toEqual({
      ok: false,
      errors: { '4:2025-01': 'Planned hours must be a whole number from 0 to 744, or empty' },
    });
  });

  it('maps the server’s problems back to the cells sent', () => {
    const sent = [
      { employeeId: 3, month: '2025-01', plannedHours: 1 },
      { employeeId: 9, month: '2025-02', plannedHours: 2 },
    ];
    expect(serverErrorsOf([{ path: 'cells.1.employeeId', message: 'not on the roster' }], sent)).toEqual({
      '9:2025-02': 'not on the roster',
    });
  });

  it('totals the drafts while editing', () => {
    const rows = planRowsOf(grid, { ...draftsOf(grid), '3:2025-02': '5', '4:2025-01': 'x' });
    expect(rows[0]!.planned).toEqual({ '2025-01': 0, '2025-02': 5 });
    expect(rows[1]!.planned).toEqual({ '2025-01': null, '2025-02': null });
  });

  it('offers the months of five years labelled like Jan 2025, and signs differences', () => {
    const choices = monthChoices('2026-11-23');
    expect(choices).toHaveLength(60);
    expect(choices[0]).toEqual({ id: '2024-01', name: 'Jan 2024' });
    expect(choices[59]).toEqual({ id: '2028-12', name: 'Dec 2028' });
    expect([signed('0.7'), signed('-7'), signed('0')]).toEqual(['+0.7', '-7', '0']);
  });
});

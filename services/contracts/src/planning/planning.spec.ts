// Fixed dates: planned-hours rules on given months.
import {
  compareToPlan,
  exportMonthHeading,
  monthPickerLabel,
  monthsBetween,
  normalisePlannedCell,
  plannedCellOnFocus,
  plannedCellProblem,
  plannedHoursOf,
  plannedHoursQuerySchema,
  plannedHoursSaveSchema,
  plannedHoursTotals,
  PLANNED_HOURS_MAX,
} from '..';

describe('planned-hours cell rules (§5)', () => {
  it('strips leading zeros, floors fractions and clamps negatives to 0', () => {
    expect(normalisePlannedCell('007')).toBe('7');
    expect(normalisePlannedCell('2.7')).toBe('2');
    expect(normalisePlannedCell('-3')).toBe('0');
    expect(normalisePlannedCell('-0.5')).toBe('0');
    expect(normalisePlannedCell(' 40 ')).toBe('40');
    expect(normalisePlannedCell('.9')).toBe('0');
    expect(normalisePlannedCell('000')).toBe('0');
  });

  it('keeps an empty cell empty, saved as null', () => {
    expect(normalisePlannedCell('')).toBe('');
    expect(normalisePlannedCell('   ')).toBe('');
    expect(plannedHoursOf('')).toBeNull();
  });

  it('gives the whole number a cell stands for', () => {
    expect(plannedHoursOf('007')).toBe(7);
    expect(plannedHoursOf('-3')).toBe(0);
    expect(plannedHoursOf('2.7')).toBe(2);
    expect(plannedHoursOf(String(PLANNED_HOURS_MAX))).toBe(PLANNED_HOURS_MAX);
  });

  it('marks text that is not a number, or more hours than a month holds, invalid', () => {
    for (const text of ['abc', '1e3', '7h', '--1', String(PLANNED_HOURS_MAX + 1)]) {
      expect(plannedHoursOf(text)).toBeUndefined();
      expect(plannedCellProblem(text)).toBe('Planned hours must be a whole number from 0 to 744, or empty');
    }
    expect(normalisePlannedCell('abc')).toBe('abc');
    expect(plannedCellProblem('12')).toBeNull();
    expect(plannedCellProblem('')).toBeNull();
  });

  it('clears a zero on focus and leaves other values', () => {
    expect(plannedCellOnFocus('0')).toBe('');
    expect(plannedCellOnFocus('10')).toBe('10');
    expect(plannedCellOnFocus('')).toBe('');
  });
});

describe('months of a grid', () => {
  it('lists the months from start to end, labelled like Jan 2025 and headed 01-01-2025 in the export', () => {
    expect(monthsBetween('2024-11', '2025-02')).toEqual(['2024-11', '2024-12', '2025-01', '2025-02']);
    expect(monthsBetween('2025-03', '2025-02')).toEqual([]);
    expect(monthPickerLabel('2025-01')).toBe('Jan 2025');
    expect(monthPickerLabel('2025-12')).toBe('Dec 2025');
    expect(exportMonthHeading('2025-01')).toBe('01-01-2025');
  });
});

describe('planned-hours requests', () => {
  it('takes the last months of the calendar like any other (counted, never stepped past December 9999)', () => {
    // Stepping month by month once went on to year 10000 here and threw (a 500, not a 400).
    expect(
      plannedHoursQuerySchema.safeParse({ projectId: '12', from: '9999-12', to: '9999-12' }).success,
    ).toBe(true);
    expect(monthsBetween('9999-01', '9999-12')).toHaveLength(12);
  });

  it('refuses an end month before the start month, naming the field', () => {
    const result = plannedHoursQuerySchema.safeParse({ projectId: '12', from: '2025-03', to: '2025-01' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['to'], message: 'End month must not be before the start month' }),
    ]);
  });

  it('takes whole numbers from 0 and null, and refuses fractions, negatives and text per cell', () => {
    const ok = plannedHoursSaveSchema.parse({
      projectId: 12,
      cells: [
        { employeeId: 3, month: '2025-01', plannedHours: 7 },
        { employeeId: 3, month: '2025-02', plannedHours: null },
      ],
    });
    expect(ok.cells.map((c) => c.plannedHours)).toEqual([7, null]);
    const bad = plannedHoursSaveSchema.safeParse({
      projectId: 12,
      cells: [
        { employeeId: 3, month: '2025-01', plannedHours: 2.5 },
        { employeeId: 3, month: '2025-02', plannedHours: -1 },
        { employeeId: 3, month: '2025-03', plannedHours: '7' },
      ],
    });
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual([
      'cells.0.plannedHours',
      'cells.1.plannedHours',
      'cells.2.plannedHours',
    ]);
  });

  it('refuses the same cell twice in one save', () => {
    const bad = plannedHoursSaveSchema.safeParse({
      projectId: 12,
      cells: [
        { employeeId: 3, month: '2025-01', plannedHours: 1 },
        { employeeId: 3, month: '2025-01', plannedHours: 2 },
      ],
    });
    expect(bad.error?.issues).toEqual([
      expect.objectContaining({
        path: ['cells', 1],
        message: 'The cell of employee 3 for 2025-01 is given more than once',
      }),
    ]);
  });
});

describe('plan against actual', () => {
  it('is over or under when the recorded hours are more than 10% away from the plan', () => {
    expect(compareToPlan(100, '110')).toEqual({
      planned: 100,
      actual: '110',
      difference: '10',
      deviation: 'on-plan',
    });
    expect(compareToPlan(100, '110.5').deviation).toBe('over');
    expect(compareToPlan(100, '90').deviation).toBe('on-plan');
    expect(compareToPlan(100, '89.9')).toEqual({
      planned: 100,
      actual: '89.9',
      difference: '-10.1',
      deviation: 'under',
    });
  });

  it('counts nothing planned as 0: any recorded time is over, none is on plan', () => {
    expect(compareToPlan(null, '0.5').deviation).toBe('over');
    expect(compareToPlan(undefined, undefined)).toEqual({
      planned: 0,
      actual: '0',
      difference: '0',
      deviation: 'on-plan',
    });
  });

  it('totals each person, each month and the project exactly', () => {
    const totals = plannedHoursTotals(
      ['2025-01', '2025-02'],
      [
        { employeeId: 3, planned: { '2025-01': 10, '2025-02': null }, actual: { '2025-01': '7.1' } },
        { employeeId: 4, planned: { '2025-02': 5 }, actual: { '2025-01': '0.2', '2025-02': '5' } },
      ],
    );
    expect(totals.perPerson.get(3)).toMatchObject({ planned: 10, actual: '7.1', deviation: 'under' });
    expect(totals.perPerson.get(4)).toMatchObject({ planned: 5, actual: '5.2', difference: '0.2' });
    expect(totals.perMonth['2025-01']).toMatchObject({ planned: 10, actual: '7.3', difference: '-2.7' });
    expect(totals.perMonth['2025-02']).toMatchObject({ planned: 5, actual: '5' });
    expect(totals.project).toMatchObject({
      planned: 15,
      actual: '12.3',
      difference: '-2.7',
      deviation: 'under',
    });
  });
});

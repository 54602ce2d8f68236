// Fixed dates: rows with given dates to filter and sort.
import { describe, expect, it } from '@jest/globals';
import { compareDecimal, filterRows, sortRows, type ViewColumn, viewOf } from './table-view';

interface Row {
  readonly id: number;
  readonly date: string;
  readonly project: string;
  readonly hours: string;
  readonly comment: string;
}

const columns: readonly ViewColumn<Row>[] = [
  { id: 'date', text: (r) => r.date, sort: 'text' },
  { id: 'project', text: (r) => r.project, sort: 'text' },
  { id: 'hours', text: (r) => r.hours, sort: 'decimal' },
  { id: 'comment', text: (r) => r.comment, searchable: false },
];

const rows: readonly Row[] = [
  { id: 1, date: '2026-11-03', project: 'Café Rebuild', hours: '7.5', comment: 'secret' },
  { id: 2, date: '2026-11-01', project: 'Bridge', hours: '10', comment: '' },
  { id: 3, date: '2026-11-02', project: 'bridge works', hours: '9.75', comment: '' },
  { id: 4, date: '2026-11-02', project: 'Atlas', hours: '-0.5', comment: '' },
];

describe('compareDecimal', () => {
  it('compares decimal strings exactly, whatever their number of fraction digits', () => {
    expect(compareDecimal('10', '9.75')).toBe(1);
    expect(compareDecimal('0.1', '0.10')).toBe(0);
    expect(compareDecimal('-0.5', '0')).toBe(-1);
    expect(compareDecimal('1,234.5', '999')).toBe(1);
    expect(compareDecimal('12345678901234567890.01', '12345678901234567890.001')).toBe(1);
  });

  it('puts anything that is not a number after every number', () => {
    expect(compareDecimal('', '3')).toBe(1);
    expect(compareDecimal('3', 'n/a')).toBe(-1);
    expect(compareDecimal('-', '.')).toBe(0);
  });
});

describe('filterRows', () => {
  it('matches every word in any searchable column, ignoring case and accents', () => {
    expect(filterRows(rows, columns, ' cafe ').map((r) => r.id)).toEqual([1]);
    expect(filterRows(rows, columns, 'BRIDGE').map((r) => r.id)).toEqual([2, 3]);
    expect(filterRows(rows, columns, 'bridge 11-02').map((r) => r.id)).toEqual([3]);
  });

  it('never searches a column kept out of the filter, and an empty filter keeps every row', () => {
    expect(filterRows(rows, columns, 'secret')).toEqual([]);
    expect(filterRows(rows, columns, '   ')).toBe(rows);
  });
});

describe('sortRows', () => {
  it('sorts decimals as numbers and text without regard to case, keeping ties in server order', () => {
    const byHours = sortRows(rows, columns, { column: 'hours', direction: 'descending' });
    expect(byHours.map((r) => r.hours)).toEqual(['10', '9.75', '7.5', '-0.5']);
    const byDate = sortRows(rows, columns, { column: 'date', direction: 'ascending' });
    expect(byDate.map((r) => r.id)).toEqual([2, 3, 4, 1]);
    const byProject = sortRows(rows, columns, { column: 'project', direction: 'ascending' });
    expect(byProject.map((r) => r.project)).toEqual(['Atlas', 'Bridge', 'bridge works', 'Café Rebuild']);
  });

  it('leaves the order alone for a column that does not sort', () => {
    expect(sortRows(rows, columns, { column: 'comment', direction: 'ascending' })).toBe(rows);
  });
});

describe('viewOf', () => {
  const many: readonly Row[] = Array.from({ length: 53 }, (_, i) => ({
    id: i + 1,
    date: `2026-01-${String((i % 28) + 1).padStart(2, '0')}`,
    project: i % 2 ? 'Odd' : 'Even',
    hours: String(i),
    comment: '',
  }));

  it('cuts pages and says which rows are shown', () => {
    const view = viewOf(many, columns, { filter: '', sort: null, page: 2, pageSize: 25 });
    expect(view.rows.map((r) => r.id)).toEqual([51, 52, 53]);
    expect(view).toMatchObject({ page: 2, pageCount: 3, first: 51, last: 53, matching: 53, total: 53 });
  });

  it('keeps the page on the list when the filter shrinks it', () => {
    const view = viewOf(many, columns, { filter: 'odd', sort: null, page: 2, pageSize: 25 });
    expect(view).toMatchObject({ page: 1, pageCount: 2, first: 26, last: 26, matching: 26 });
  });

  it('shows nothing, on page one of one, when no row matches', () => {
    const view = viewOf(many, columns, { filter: 'nothing like it', sort: null, page: 4, pageSize: 10 });
    expect(view).toMatchObject({ rows: [], page: 0, pageCount: 1, first: 0, last: 0, matching: 0 });
  });
});

// Fixed dates: review filters read from and written to given URLs.
import { describe, expect, it } from '@jest/globals';
import {
  CALENDAR_MONTHS,
  chosenPeriod,
  filtersFromSearch,
  reviewRangeOf,
  searchOfFilters,
} from './review-filters';

const TODAY = '2026-11-18';
const FIXED = 'Fixed Offset (26 to 25)';

describe('the review filters in the URL', () => {
  it('reads the period board’s link as that calendar month', () => {
    const state = filtersFromSearch(new URLSearchParams('employeeId=3&projectId=12&month=2026-10'));
    expect(state).toMatchObject({
      employeeId: 3,
      projectId: 12,
      mode: 'range',
      start: '2026-10-01',
      end: '2026-10-31',
      page: 1,
    });
    expect(reviewRangeOf(state, FIXED, TODAY)).toEqual({ start: '2026-10-01', end: '2026-10-31' });
    // Written back, the month becomes its dates.
    expect(searchOfFilters(state).toString()).toBe(
      'employeeId=3&projectId=12&start=2026-10-01&end=2026-10-31',
    );
  });

  it('keeps a sub-project only with the umbrella project and ignores what is not an id or an owner', () => {
    expect(filtersFromSearch(new URLSearchParams('projectId=45&subProjectId=14')).subProjectId).toBe(14);
    expect(filtersFromSearch(new URLSearchParams('projectId=12&subProjectId=14')).subProjectId).toBeNull();
    const odd = filtersFromSearch(new URLSearchParams('owner=3&employeeId=abc&page=-2&sort=x&dir=up'));
    expect(odd).toMatchObject({ ownerId: null, employeeId: null, page: 1, sort: 'name', direction: 'asc' });
  });

  it('round-trips every filter, leaving out the defaults', () => {
    const search = 'owner=2&employeeId=5&projectId=21&period=2026-10&page=3&sort=total&dir=desc';
    expect(searchOfFilters(filtersFromSearch(new URLSearchParams(search))).toString()).toBe(search);
    expect(searchOfFilters(filtersFromSearch(new URLSearchParams(''))).toString()).toBe('');
  });

  it('covers a period of the project’s billing cycle: the current one unless another is chosen', () => {
    const current = filtersFromSearch(new URLSearchParams('projectId=12'));
    expect(reviewRangeOf(current, FIXED, TODAY)).toEqual({ start: '2026-10-26', end: '2026-11-25' });
    const october = filtersFromSearch(new URLSearchParams('projectId=12&period=2026-10'));
    expect(reviewRangeOf(october, FIXED, TODAY)).toEqual({ start: '2026-09-26', end: '2026-10-25' });
    // Six back to one ahead; a key outside the list falls back to the current period.
    const { periods } = chosenPeriod(CALENDAR_MONTHS, null, TODAY);
    expect(periods.map((p) => p.key)).toEqual([
      '2026-12',
      '2026-11',
      '2026-10',
      '2026-09',
      '2026-08',
      '2026-07',
      '2026-06',
      '2026-05',
    ]);
    expect(chosenPeriod(CALENDAR_MONTHS, '2025-01', TODAY).period.key).toBe('2026-11');
  });

  it('says what is wrong with a typed range beside its field', () => {
    const range = (start: string, end: string) =>
      reviewRangeOf(filtersFromSearch(new URLSearchParams({ start, end })), CALENDAR_MONTHS, TODAY);
    expect(range('2026-05-01', '2027-01-31')).toEqual({ start: '2026-05-01', end: '2027-01-31' });
    expect(range('2026-04-30', '2026-05-02')).toEqual({
      problems: { start: 'Choose a date from 2026-05-01 to 2027-01-31', end: undefined },
    });
    expect(range('2026-11-10', '2026-11-01')).toEqual({
      problems: { start: undefined, end: 'End must not be before Start' },
    });
    expect(range('', '2026-11-01')).toEqual({ problems: { start: 'Start must be a date', end: undefined } });
  });
});

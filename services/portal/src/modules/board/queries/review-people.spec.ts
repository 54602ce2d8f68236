import { describe, expect, it } from '@jest/globals';
import type { ReviewGroupSummary } from '../../lookups';
import { reviewPeopleOf, rowOwnerOf, sortReviewPeople, type OwnerFacts } from './review-people';

const projects = new Map<number, OwnerFacts>(
  [
    { projectId: 12, ownerId: 1, name: 'Pipeline Integrity Review' },
    { projectId: 14, ownerId: 1, name: 'Transit Signalling Upgrade' },
    { projectId: 21, ownerId: 2, name: 'Broadcast Platform' },
    { projectId: 45, ownerId: 1, name: 'Umbrella Services' },
    { projectId: 64, ownerId: 1, name: 'Night Shift Maintenance' },
  ].map((p) => [p.projectId, p]),
);
const names = new Map([
  [3, { name: 'Carlos Contractor', ownerId: 1 }],
  [4, { name: 'Dana Developer', ownerId: 1 }],
  [5, { name: 'Sam Sightstream', ownerId: 2 }],
]);

function group(
  employeeId: number,
  projectId: number,
  amount: string,
  more: Partial<ReviewGroupSummary> = {},
): ReviewGroupSummary {
  return {
    employeeId,
    projectId,
    subProjectId: null,
    counts: { entered: 1, verified: 0, approved: 0, returned: 0 },
    hours: '0',
    overtimeHours: '0',
    amount,
    ...more,
  };
}

describe('the review’s people over the whole filter', () => {
  const time = [
    group(3, 12, '1600.00', { hours: '8', counts: { entered: 1, verified: 0, approved: 0, returned: 0 } }),
    group(3, 45, '1500.00', { hours: '7.5', subProjectId: 14 }),
    group(4, 45, '1200.00', { hours: '6', overtimeHours: '1.5', subProjectId: 64 }),
  ];
  const expenses = [
    group(3, 14, '18.50', { counts: { entered: 0, verified: 0, approved: 1, returned: 0 } }),
    group(3, 12, '59.47'),
  ];

  it('sums each person exactly, with their projects by name and how their rows stand', () => {
    const { people, totals } = reviewPeopleOf(time, expenses, names, projects, null);
    const carlos = people.find((p) => p.employeeId === 3)!;
    expect(carlos).toEqual({
      employeeId: 3,
      employeeName: 'Carlos Contractor',
      ownerId: 1,
      hours: '15.5',
      overtimeHours: '0',
      timesheetValue: '3100.00',
      expensesClaimed: '77.97',
      total: '3177.97',
      counts: { entered: 3, verified: 0, approved: 1, returned: 0 },
      projects: [
        { projectId: 12, name: 'Pipeline Integrity Review' },
        { projectId: 14, name: 'Transit Signalling Upgrade' },
        { projectId: 45, name: 'Umbrella Services' },
      ],
    });
    expect(totals).toEqual({
      hours: '21.5',
      overtimeHours: '1.5',
      timesheetValue: '4300.00',
      expensesClaimed: '77.97',
      total: '4377.97',
      counts: { entered: 4, verified: 0, approved: 1, returned: 0 },
    });
  });

  it('leaves out the groups of people the review may not show', () => {
    const onlyCarlos = new Map([[3, names.get(3)!]]);
    const { people, totals } = reviewPeopleOf(time, expenses, onlyCarlos, projects, null);
    expect(people.map((p) => p.employeeId)).toEqual([3]);
    expect(totals.hours).toBe('15.5');
  });

  it('shows overtime for owner 2 chosen, or a row of owner 2 or of 61 / 64 (also as the sub-project of 45)', () => {
    const carlosOnly = time.slice(0, 2);
    expect(reviewPeopleOf(carlosOnly, [], names, projects, null).showOvertime).toBe(false);
    expect(reviewPeopleOf(carlosOnly, [], names, projects, 2).showOvertime).toBe(true);
    expect(reviewPeopleOf(time, [], names, projects, null).showOvertime).toBe(true); // 45 / 64
    expect(reviewPeopleOf([group(5, 21, '1600.00')], [], names, projects, null).showOvertime).toBe(true);
  });

  it('orders people by name, or by a total with ties by name, either way round', () => {
    const { people } = reviewPeopleOf(time, expenses, names, projects, null);
    expect(sortReviewPeople(people, 'name', 'asc').map((p) => p.employeeId)).toEqual([3, 4]);
    expect(sortReviewPeople(people, 'name', 'desc').map((p) => p.employeeId)).toEqual([4, 3]);
    expect(sortReviewPeople(people, 'total', 'asc').map((p) => p.employeeId)).toEqual([4, 3]);
    expect(sortReviewPeople(people, 'expenses', 'desc').map((p) => p.employeeId)).toEqual([3, 4]);
    const tied = people.map((p) => ({ ...p, hours: '8' }));
    expect(sortReviewPeople(tied, 'hours', 'desc').map((p) => p.employeeId)).toEqual([3, 4]);
  });

  it('gives a row the owner of its project, and for umbrella project 45 its sub-project’s', () => {
    expect(rowOwnerOf(projects, 21, null)).toBe(2);
    expect(rowOwnerOf(projects, 45, 21)).toBe(2);
    expect(rowOwnerOf(projects, 45, null)).toBe(1);
    expect(rowOwnerOf(projects, 12, null)).toBe(1);
  });
});

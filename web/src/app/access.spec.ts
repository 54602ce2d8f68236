import { describe, expect, it } from '@jest/globals';
import { mayOpen } from './access';
import { navigationFor } from './shell/navigation';

const contractor = { isAdmin: false, isAuditor: false };
const auditor = { isAdmin: false, isAuditor: true };
const admin = { isAdmin: true, isAuditor: false };

describe('who may open which screen (issue 11: auditors)', () => {
  it('an auditor opens the review, planned hours, team leave and exchange rates, and no other admin screen', () => {
    for (const path of [
      '/admin/timesheets/review',
      '/admin/planned-hours',
      '/admin/leave/',
      '/admin/exchange-rates',
      '/audit',
    ])
      expect({ path, open: mayOpen(auditor, path) }).toEqual({ path, open: true });
    for (const path of ['/admin/staffs/review', '/admin/exchange-rates/edit', '/admin/clients/create'])
      expect({ path, open: mayOpen(auditor, path) }).toEqual({ path, open: false });
  });

  it('a contractor opens no admin screen; an admin every one', () => {
    expect(mayOpen(contractor, '/admin/timesheets/review')).toBe(false);
    expect(mayOpen(contractor, '/home')).toBe(true);
    expect(mayOpen(admin, '/admin/staffs/review')).toBe(true);
  });

  it('the Audit group is shown to auditors who are not admins only', () => {
    const labels = (groups: ReturnType<typeof navigationFor>) => groups.map((g) => g.label);
    const audit = navigationFor(false, false, true).find((g) => g.id === 'audit');
    expect(audit?.items.map((i) => (i.kind === 'link' ? i.to : ''))).toEqual([
      '/audit',
      '/audit/verify',
      '/admin/timesheets/review',
      '/empRoster',
      '/admin/planned-hours',
      '/admin/leave',
      '/admin/exchange-rates',
    ]);
    expect(labels(navigationFor(false, false, true))).not.toContain('Admin');
    expect(labels(navigationFor(false))).not.toContain('Audit');
    expect(labels(navigationFor(true, false, true))).not.toContain('Audit');
  });
});

describe('the navigation says what each page is', () => {
  const linksOf = (id: string) =>
    navigationFor(true)
      .find((group) => group.id === id)
      ?.items.flatMap((item) => (item.kind === 'link' ? [item] : [])) ?? [];

  it('Power BI Reports lists the embedded reports only; the pages built on imports are Analytics, none marked soon', () => {
    expect(linksOf('power-bi').map((link) => link.to)).toEqual([
      '/admin/erpTime',
      '/admin/erpExpenses',
      '/admin/erpOvertime',
    ]);
    const analytics = linksOf('analytics');
    expect(analytics.map((link) => [link.label, link.built])).toEqual([
      ['Azure Cost', true],
      ['Office 365', true],
      ['Skills Matrix', true],
    ]);
  });
});

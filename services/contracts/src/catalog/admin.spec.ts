// Fixed dates: a project's start date and its end date, given as input to the rules.
import { clientRequestSchema, projectEndDate, projectRequestSchema } from './admin';
import { projectDetailsOf, projectUpdateOf } from './catalog';

describe('catalog admin contracts', () => {
  it('a project ends its length in months after its start, the day clamped to the month', () => {
    expect(projectEndDate('2026-01-15', 6)).toBe('2026-07-15');
    expect(projectEndDate('2026-08-31', 6)).toBe('2027-02-28');
    expect(projectEndDate('2026-11-30', 14)).toBe('2028-01-30');
    expect(projectEndDate(null, 6)).toBeNull();
    expect(projectEndDate('2026-01-15', null)).toBeNull();
  });

  it('PO value is a decimal string with at most 2 decimals, never a JSON number', () => {
    const base = {
      clientId: 1,
      ownerId: 1,
      name: 'X',
      invoiceCurrency: 'cad',
      billingCycle: 'Fixed Offset (26 to 25)',
      isActive: true,
    };
    const ok = projectRequestSchema.parse({ ...base, poValue: '1,200.50' });
    expect(ok.poValue).toBe('1200.5');
    expect(ok.invoiceCurrency).toBe('CAD');
    expect(ok.isSubProject).toBeUndefined(); // not given: a new project is not one, an update leaves it
    for (const poValue of [12.5, '1.234', '-5', 'abc']) {
      expect(projectRequestSchema.safeParse({ ...base, poValue }).success).toBe(false);
    }
  });

  it('contact e-mails are required and lower-cased; blank optional text is null', () => {
    const parsed = clientRequestSchema.parse({
      name: ' Acme ',
      city: '  ',
      contacts: [{ name: 'Pat', email: ' Pat@Acme.Example ' }],
    });
    expect(parsed).toMatchObject({
      name: 'Acme',
      city: null,
      contacts: [{ name: 'Pat', email: 'pat@acme.example' }],
    });
    expect(
      clientRequestSchema.safeParse({ name: 'Acme', contacts: [{ name: 'Pat', email: '' }] }).success,
    ).toBe(false);
  });

  it('reads both versions of ProjectUpdated; older ProjectOpened events get default details', () => {
    expect(projectUpdateOf({ projectId: 3, name: 'Old shape' })).toEqual({ name: 'Old shape' });
    expect(projectUpdateOf({ projectId: 3, before: { name: 'A' }, after: { name: 'B' } })).toEqual({
      name: 'B',
    });
    const details = projectDetailsOf({
      projectId: 45,
      clientId: 1,
      ownerId: 1,
      name: 'Umbrella',
      billingCycle: 'Standard Month (First to last)',
      invoiceCurrency: 'CAD',
      isActive: true,
    });
    expect(details).toMatchObject({ isSubProject: false, poValue: null, startDate: null });
  });
});

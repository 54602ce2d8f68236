import {
  invoiceDueDate,
  invoiceFileName,
  invoiceNumber,
  invoicePaymentDate,
  monthOfRange,
  verificationInvoice,
  verificationPeriods,
  type InvoiceProfile,
} from './verification';

describe('the periods the verify page offers', () => {
  it('are the latest entry month and the two before it, newest first, labelled as the spec does', () => {
    expect(verificationPeriods('2026-11-20', '2026-11-23')).toEqual([
      { key: '2026-11', label: 'Nov - 2026', start: '2026-11-01', end: '2026-11-30' },
      { key: '2026-10', label: 'Oct - 2026', start: '2026-10-01', end: '2026-10-31' },
      { key: '2026-09', label: 'Sep - 2026', start: '2026-09-01', end: '2026-09-30' },
    ]);
  });

  it('follow the latest entry, not today: an entry two months ahead moves the list', () => {
    expect(verificationPeriods('2027-01-04', '2026-11-23').map((p) => p.key)).toEqual([
      '2027-01',
      '2026-12',
      '2026-11',
    ]);
    expect(verificationPeriods('2026-08-31', '2026-11-23').map((p) => p.key)).toEqual([
      '2026-08',
      '2026-07',
      '2026-06',
    ]);
  });

  it('start from today for a person with no entry yet', () => {
    expect(verificationPeriods(null, '2026-01-15').map((p) => p.label)).toEqual([
      'Jan - 2026',
      'Dec - 2025',
      'Nov - 2025',
    ]);
  });

  it('end on the last day of each month, leap years included', () => {
    const periods = verificationPeriods('2028-03-02', '2028-03-02');
    expect(periods.map((p) => [p.start, p.end])).toEqual([
      ['2028-03-01', '2028-03-31'],
      ['2028-02-01', '2028-02-29'],
      ['2028-01-01', '2028-01-31'],
    ]);
    expect(verificationPeriods('2100-03-01', '2100-03-01')[1]!.end).toBe('2100-02-28');
  });
});

describe('the month of a date range', () => {
  it('is the month both days lie in', () => {
    expect(monthOfRange('2026-11-02', '2026-11-20')).toBe('2026-11');
    expect(monthOfRange('2026-11-30', '2026-11-30')).toBe('2026-11');
  });

  it('is null across months, backwards or with a missing day', () => {
    expect(monthOfRange('2026-10-31', '2026-11-01')).toBeNull();
    expect(monthOfRange('2026-11-20', '2026-11-02')).toBeNull();
    expect(monthOfRange('', '2026-11-02')).toBeNull();
    expect(monthOfRange('2026-02-30', '2026-02-28')).toBeNull();
  });
});

describe('the invoice number and its dates', () => {
  it('numbers an invoice by person and month', () => {
    expect(invoiceNumber(5, '2026-11')).toBe('INV-5-202611');
    expect(invoiceNumber(123, '2027-01')).toBe('INV-123-202701');
    expect(invoiceFileName({ number: 'INV-5-202611' })).toBe('INV-5-202611.pdf');
  });

  it('is due by the 25th of the month after the period and paid on the 1st of the month after that', () => {
    expect(invoiceDueDate('2026-11')).toBe('2026-12-25');
    expect(invoicePaymentDate('2026-11')).toBe('2027-01-01');
    expect(invoiceDueDate('2026-12')).toBe('2027-01-25');
    expect(invoicePaymentDate('2026-12')).toBe('2027-02-01');
    expect(invoiceDueDate('2028-01')).toBe('2028-02-25');
    expect(invoicePaymentDate('2028-01')).toBe('2028-03-01');
  });
});

describe('the verification invoice', () => {
  const profile: InvoiceProfile = {
    staffId: 5,
    name: 'Sam Sightstream',
    businessName: ' Sightstream Sam Ltd ',
    address: '12 Wharf Road',
    city: 'London',
    state: null,
    postalCode: 'N1 7GU',
  };
  const project = { projectId: 21, name: 'Broadcast Platform' };
  const time = [
    { date: '2026-11-03', comment: 'Playout automation', hours: '7.5', overtimeHours: null },
    { date: '2026-11-02', comment: 'Playout automation', hours: '0.333', overtimeHours: '2' },
  ];
  const expenses = [
    {
      date: '2026-11-04',
      categoryName: 'Taxi',
      comment: 'Taxi to the broadcast centre',
      currency: 'EUR',
      projectCurrency: 'GBP',
      claimed: '19.99',
    },
    {
      date: '2026-11-01',
      categoryName: 'Parking',
      comment: ' ',
      currency: 'GBP',
      projectCurrency: null,
      claimed: '0.01',
    },
  ];

  it('lists hours and expenses in date order with the rate, each amount truncated, never rounded', () => {
    const invoice = verificationInvoice({ month: '2026-11', profile, project, time, expenses });
    expect(invoice.timeLines).toEqual([
      {
        date: '2026-11-02',
        description: 'Playout automation',
        hours: '0.333',
        overtimeHours: '2',
        rate: '200',
        amount: '66.60',
      },
      {
        date: '2026-11-03',
        description: 'Playout automation',
        hours: '7.5',
        overtimeHours: null,
        rate: '200',
        amount: '1500.00',
      },
    ]);
    expect(invoice.expenseLines).toEqual([
      { date: '2026-11-01', description: 'Parking', currency: 'GBP', amount: '0.01' },
      {
        date: '2026-11-04',
        description: 'Taxi: Taxi to the broadcast centre',
        currency: 'GBP',
        amount: '19.99',
      },
    ]);
  });

  it('adds up exactly: hours, time amount, expenses claimed and the contractor total', () => {
    const invoice = verificationInvoice({ month: '2026-11', profile, project, time, expenses });
    expect(invoice.totals).toEqual({
      hours: '7.833',
      overtimeHours: '2',
      timeAmount: '1566.60',
      expensesClaimed: '20.00',
      contractorTotal: '1586.60',
    });
  });

  it('names the invoice, the person, their business and address, the project and the dates', () => {
    const invoice = verificationInvoice({ month: '2026-11', profile, project, time, expenses });
    expect(invoice).toMatchObject({
      number: 'INV-5-202611',
      month: '2026-11',
      periodLabel: 'Nov - 2026',
      from: {
        name: 'Sam Sightstream',
        businessName: 'Sightstream Sam Ltd',
        addressLines: ['12 Wharf Road', 'London, N1 7GU'],
      },
      project,
      dueDate: '2026-12-25',
      paymentDate: '2027-01-01',
    });
  });

  it('is an invoice of zero when nothing was entered, with no business or address', () => {
    const bare = { ...profile, businessName: null, address: '  ', city: null, postalCode: null };
    const invoice = verificationInvoice({ month: '2026-12', profile: bare, project, time: [], expenses: [] });
    expect(invoice.from).toEqual({ name: 'Sam Sightstream', businessName: null, addressLines: [] });
    expect(invoice.totals).toEqual({
      hours: '0',
      overtimeHours: '0',
      timeAmount: '0.00',
      expensesClaimed: '0.00',
      contractorTotal: '0.00',
    });
    expect(invoice.dueDate).toBe('2027-01-25');
  });
});

// Fixed dates: invoice numbers and dates of given periods.
import {
  invoiceDueDate,
  invoiceFileName,
  invoiceNumber,
  invoicePaymentDate,
  verificationInvoice,
  type InvoiceProfile,
} from './verification';

describe('the invoice number and its dates', () => {
  it('numbers an invoice by person and period: the month of a monthly cycle, a week’s Saturday', () => {
    expect(invoiceNumber(5, '2026-11')).toBe('INV-5-202611');
    expect(invoiceNumber(123, '2027-01')).toBe('INV-123-202701');
    expect(invoiceNumber(3, '2026-12-26')).toBe('INV-3-20261226');
    expect(invoiceFileName({ number: 'INV-5-202611' })).toBe('INV-5-202611.pdf');
  });

  it('is due by the 25th of the month after the period ends and paid on the 1st of the month after that', () => {
    expect([invoiceDueDate('2026-11-30'), invoicePaymentDate('2026-11-30')]).toEqual([
      '2026-12-25',
      '2027-01-01',
    ]);
    // A 26-to-25 period ending on the 25th, a week ending in the next year, a leap day.
    expect([invoiceDueDate('2026-11-25'), invoicePaymentDate('2026-11-25')]).toEqual([
      '2026-12-25',
      '2027-01-01',
    ]);
    expect([invoiceDueDate('2027-01-01'), invoicePaymentDate('2027-01-01')]).toEqual([
      '2027-02-25',
      '2027-03-01',
    ]);
    expect([invoiceDueDate('2026-12-25'), invoicePaymentDate('2026-12-25')]).toEqual([
      '2027-01-25',
      '2027-02-01',
    ]);
    expect([invoiceDueDate('2028-02-29'), invoicePaymentDate('2028-02-29')]).toEqual([
      '2028-03-25',
      '2028-04-01',
    ]);
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
  const november = { key: '2026-11', label: 'Nov - 2026', start: '2026-11-01', end: '2026-11-30' };
  const december = { key: '2026-12', label: 'Dec - 2026', start: '2026-12-01', end: '2026-12-31' };
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
    const invoice = verificationInvoice({ period: november, profile, project, time, expenses });
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
    const invoice = verificationInvoice({ period: november, profile, project, time, expenses });
    expect(invoice.totals).toEqual({
      hours: '7.833',
      overtimeHours: '2',
      timeAmount: '1566.60',
      expensesClaimed: '20.00',
      contractorTotal: '1586.60',
    });
  });

  it('names the invoice, the person, their business and address, the project and the dates', () => {
    const invoice = verificationInvoice({ period: november, profile, project, time, expenses });
    expect(invoice).toMatchObject({
      number: 'INV-5-202611',
      period: november,
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
    const invoice = verificationInvoice({ period: december, profile: bare, project, time: [], expenses: [] });
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

  it('names a week by its Saturday and a 26-to-25 period by its month, due after the period ends', () => {
    const week = {
      key: '2026-12-26',
      label: '26 Dec 2026 - 1 Jan 2027',
      start: '2026-12-26',
      end: '2027-01-01',
    };
    expect(verificationInvoice({ period: week, profile, project, time, expenses })).toMatchObject({
      number: 'INV-5-20261226',
      period: week,
      dueDate: '2027-02-25',
      paymentDate: '2027-03-01',
    });
    const fixed = { key: '2026-11', label: 'Nov - 2026', start: '2026-10-26', end: '2026-11-25' };
    expect(verificationInvoice({ period: fixed, profile, project, time, expenses })).toMatchObject({
      number: 'INV-5-202611',
      dueDate: '2026-12-25',
      paymentDate: '2027-01-01',
    });
  });
});

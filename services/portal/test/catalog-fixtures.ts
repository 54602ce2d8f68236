import type { ProjectOption } from '@portal/contracts';

/** The demo seed's billable projects of a sightstream person (owner 2), sorted by name. */
export const SIGHTSTREAM_BILLABLE: ProjectOption[] = [
  {
    projectId: 22,
    name: 'Archive Migration',
    ownerId: 2,
    billingCycle: 'Weekly (Saturday to Friday)',
    invoiceCurrency: 'EUR',
    hasOvertime: true,
  },
  {
    projectId: 21,
    name: 'Broadcast Platform',
    ownerId: 2,
    billingCycle: 'Standard Month (First to last)',
    invoiceCurrency: 'GBP',
    hasOvertime: true,
  },
];

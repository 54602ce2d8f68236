import type { BillingCycle, ProjectOpened, RosterChange } from '@portal/contracts';

/** The demo organisation: deterministic ids, so later seed steps (timesheets...) can refer to them. */
export const DEMO_OWNERS = [
  { ownerId: 1, name: 'Smartwork Consulting' },
  { ownerId: 2, name: 'Sightstream' },
] as const;

export const DEMO_CLIENTS = [
  {
    clientId: 1,
    name: 'Northwind Energy',
    city: 'Calgary',
    stateProvince: 'AB',
    countryRegion: 'Canada',
    contacts: [{ name: 'Priya Shah', email: 'priya.shah@northwind.example' }],
  },
  {
    clientId: 2,
    name: 'Harbour City Transit',
    city: 'Seattle',
    stateProvince: 'WA',
    countryRegion: 'United States',
    contacts: [],
  },
  {
    clientId: 3,
    name: 'Sightstream Media Group',
    city: 'London',
    countryRegion: 'United Kingdom',
    contacts: [],
  },
  // Client 4 is the internal client, left out of planned hours.
  {
    clientId: 4,
    name: 'Smartwork Internal',
    city: 'Calgary',
    stateProvince: 'AB',
    countryRegion: 'Canada',
    contacts: [],
  },
] as const;

/** A demo project as it is opened; every one states whether it is a sub-project. */
interface DemoProject extends ProjectOpened {
  /** Offered as a sub-project of umbrella project 45 (every demo project but 45 itself). */
  readonly isSubProject: boolean;
}

const STANDARD: BillingCycle = 'Standard Month (First to last)';
const FIXED: BillingCycle = 'Fixed Offset (26 to 25)';
const WEEKLY: BillingCycle = 'Weekly (Saturday to Friday)';
const FLOATING: BillingCycle = 'Floating Offset (Last Friday of month)';

export const DEMO_PROJECTS: readonly DemoProject[] = [
  {
    projectId: 12,
    clientId: 1,
    ownerId: 1,
    name: 'Pipeline Integrity Review',
    billingCycle: FIXED,
    invoiceCurrency: 'CAD',
    isActive: true,
    isSubProject: true,
  },
  {
    projectId: 14,
    clientId: 2,
    ownerId: 1,
    name: 'Transit Signalling Upgrade',
    billingCycle: FLOATING,
    invoiceCurrency: 'USD',
    isActive: true,
    isSubProject: true,
  },
  {
    projectId: 18,
    clientId: 4,
    ownerId: 1,
    name: 'ERP Rollout',
    billingCycle: STANDARD,
    invoiceCurrency: 'CAD',
    isActive: true,
    isSubProject: true,
  },
  {
    projectId: 21,
    clientId: 3,
    ownerId: 2,
    name: 'Broadcast Platform',
    billingCycle: STANDARD,
    invoiceCurrency: 'GBP',
    isActive: true,
    isSubProject: true,
  },
  {
    projectId: 22,
    clientId: 3,
    ownerId: 2,
    name: 'Archive Migration',
    billingCycle: WEEKLY,
    invoiceCurrency: 'EUR',
    isActive: true,
    isSubProject: true,
  },
  {
    projectId: 27,
    clientId: 1,
    ownerId: 1,
    name: 'Legacy Data Warehouse',
    billingCycle: STANDARD,
    invoiceCurrency: 'USD',
    isActive: false,
    isSubProject: true,
  },
  {
    projectId: 30,
    clientId: 2,
    ownerId: 1,
    name: 'Offshore Analytics',
    billingCycle: FIXED,
    invoiceCurrency: 'INR',
    isActive: true,
    isSubProject: true,
  },
  // 33: the project with the relocation notice (hotel, meals, leased housing).
  {
    projectId: 33,
    clientId: 1,
    ownerId: 1,
    name: 'Fort McMurray Relocation',
    billingCycle: FIXED,
    invoiceCurrency: 'CAD',
    isActive: true,
    isSubProject: true,
  },
  {
    projectId: 36,
    clientId: 4,
    ownerId: 1,
    name: 'Sydney Office Setup',
    billingCycle: STANDARD,
    invoiceCurrency: 'AUD',
    isActive: true,
    isSubProject: true,
  },
  // 45: the umbrella project; time on it names a sub-project.
  {
    projectId: 45,
    clientId: 4,
    ownerId: 1,
    name: 'Umbrella Services',
    billingCycle: STANDARD,
    invoiceCurrency: 'CAD',
    isActive: true,
    isSubProject: false,
  },
  // 61 and 64: overtime projects.
  {
    projectId: 61,
    clientId: 2,
    ownerId: 1,
    name: 'Field Operations (Overtime)',
    billingCycle: WEEKLY,
    invoiceCurrency: 'USD',
    isActive: true,
    isSubProject: true,
  },
  {
    projectId: 64,
    clientId: 1,
    ownerId: 1,
    name: 'Night Shift Maintenance',
    billingCycle: FIXED,
    invoiceCurrency: 'CAD',
    isActive: true,
    isSubProject: true,
  },
];

interface DemoPerson {
  readonly staffId: number;
  readonly username: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly ownerId: number;
  readonly isAdmin?: boolean;
  readonly isActive?: boolean;
  readonly needReceipt?: boolean;
  readonly canEditRoster?: boolean;
  readonly isAuditor?: boolean;
  readonly city?: string;
  readonly mobilePhone?: string;
  /** What a contractor's verification invoice is from (the profile's business name and address). */
  readonly businessName?: string;
  readonly address?: string;
  readonly state?: string;
  readonly postalCode?: string;
}

export const DEMO_PEOPLE = {
  alice: {
    staffId: 1,
    username: 'alice.admin@smartwork.example',
    firstName: 'Alice',
    lastName: 'Admin',
    ownerId: 1,
    isAdmin: true,
    canEditRoster: true,
    city: 'Calgary',
  },
  bruno: {
    staffId: 2,
    username: 'bruno.billing@smartwork.example',
    firstName: 'Bruno',
    lastName: 'Billing',
    ownerId: 1,
    isAdmin: true,
  },
  carlos: {
    staffId: 3,
    username: 'carlos.contractor@smartwork.example',
    firstName: 'Carlos',
    lastName: 'Contractor',
    ownerId: 1,
    city: 'Edmonton',
    mobilePhone: '+1 780 555 0103',
    businessName: 'Contractor Field Services Ltd.',
    address: '10220 104 Avenue NW',
    state: 'AB',
    postalCode: 'T5J 0H6',
  },
  dana: {
    staffId: 4,
    username: 'dana.developer@smartwork.example',
    firstName: 'Dana',
    lastName: 'Developer',
    ownerId: 1,
    city: 'Vancouver',
  },
  sam: {
    staffId: 5,
    username: 'sam@sightstream.example',
    firstName: 'Sam',
    lastName: 'Sightstream',
    ownerId: 2,
    city: 'London',
    businessName: 'Sightstream Studio Services Ltd',
    address: '12 Wharf Road',
    postalCode: 'N1 7GU',
  },
  rita: {
    staffId: 6,
    username: 'rita.receipts@smartwork.example',
    firstName: 'Rita',
    lastName: 'Receipts',
    ownerId: 1,
    needReceipt: true,
  },
  ivan: {
    staffId: 7,
    username: 'ivan.inactive@smartwork.example',
    firstName: 'Ivan',
    lastName: 'Inactive',
    ownerId: 1,
    isActive: false,
  },
  priya: {
    staffId: 8,
    username: 'priya.producer@sightstream.example',
    firstName: 'Priya',
    lastName: 'Producer',
    ownerId: 2,
    canEditRoster: true,
  },
  // The second organisation's admin (issue 8): reviews, approves and returns owner-2 periods only.
  sofia: {
    staffId: 9,
    username: 'sofia.supervisor@sightstream.example',
    firstName: 'Sofia',
    lastName: 'Supervisor',
    ownerId: 2,
    isAdmin: true,
  },
  // The auditor (issue 11): not an admin; reads every review screen, the roster, planned hours and
  // the audit pages of both owners, and changes nothing. No roster line: she bills no project.
  audrey: {
    staffId: 10,
    username: 'audrey.auditor@smartwork.example',
    firstName: 'Audrey',
    lastName: 'Auditor',
    ownerId: 1,
    isAuditor: true,
    city: 'Calgary',
  },
} as const satisfies Record<string, DemoPerson>;

const allow = (employeeId: number, projectIds: readonly number[]): RosterChange[] =>
  projectIds.map((projectId) => ({ employeeId, projectId, isAllowedToBill: true }));

/** Who may bill what. Dana is also on inactive project 27, which the pickers must hide. */
export const DEMO_ROSTER: readonly RosterChange[] = [
  ...allow(DEMO_PEOPLE.alice.staffId, [18, 45]),
  ...allow(DEMO_PEOPLE.carlos.staffId, [12, 14, 33, 45, 61]),
  ...allow(DEMO_PEOPLE.dana.staffId, [12, 18, 27, 30, 45, 64]),
  ...allow(DEMO_PEOPLE.sam.staffId, [21, 22]),
  ...allow(DEMO_PEOPLE.rita.staffId, [33, 36, 45, 61]),
  ...allow(DEMO_PEOPLE.ivan.staffId, [12]),
  ...allow(DEMO_PEOPLE.priya.staffId, [21, 22]),
];

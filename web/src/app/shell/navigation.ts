import { firmContent } from '../../content';

/** Below this width the navigation hides behind a menu button (the same breakpoint as shell.css). */
export const NARROW_SCREEN = '(max-width: 960px)';

/**
 * The sidebar (contractor spec 'Shell rules'). `built: false` items lead to the Coming Soon page;
 * the flag only drives the "soon" marker so nobody is surprised.
 */
export interface NavLinkItem {
  readonly kind: 'link';
  readonly label: string;
  readonly to: string;
  readonly built?: boolean;
  readonly adminOnly?: boolean;
  /** Shown to roster editors too, even inside an admin-only group (the roster, issue 9). */
  readonly rosterEditors?: boolean;
}

export interface NavExternalItem {
  readonly kind: 'external';
  readonly label: string;
  readonly href: string;
}

export interface NavSubgroup {
  readonly kind: 'subgroup';
  readonly label: string;
  readonly items: readonly (NavLinkItem | NavExternalItem)[];
}

export type NavItem = NavLinkItem | NavExternalItem | NavSubgroup;

export interface NavGroup {
  readonly id: string;
  readonly label: string;
  readonly items: readonly NavItem[];
  readonly adminOnly?: boolean;
  /** Shown only to auditors who are not admins (admins reach the same screens in their groups). */
  readonly auditorsOnly?: boolean;
}

const link = (label: string, to: string, extra: Partial<NavLinkItem> = {}): NavLinkItem => ({
  kind: 'link',
  label,
  to,
  ...extra,
});
const external = (label: string, href: string): NavExternalItem => ({ kind: 'external', label, href });

export const navigation: readonly NavGroup[] = [
  { id: 'dashboard', label: 'Dashboard', items: [link('Dashboard', '/home', { built: true })] },
  {
    id: 'contractor',
    label: 'Contractor',
    items: [
      link('Add Timesheet', '/timesheets/create', { built: true }),
      link('Add Expense', '/expenses/create', { built: true }),
      link('Verify Timesheet & Expense', '/verify-review', { built: true }),
      link('Leave Form', '/leave/leave-request', { built: true }),
    ],
  },
  {
    id: 'human-resources',
    label: 'Human Resources',
    items: [
      link('Employee Profile', '/profile', { built: true }),
      {
        kind: 'subgroup',
        label: 'Onboarding',
        items: [
          link('Welcome', '/onboarding', { built: true }),
          link('Welcome Email', '/onboardingEmail', { built: true }),
          link('Security Policy', '/securityPolicy', { built: true }),
          link('Code of Conduct', '/codeOfConduct', { built: true }),
          link('Company Values', '/companyValues', { built: true }),
          link('Computer Specs', '/computerSpecs', { built: true }),
          link('Monitor Specs', '/monitorSpecs', { built: true }),
          link('Software', '/software', { built: true }),
        ],
      },
      {
        kind: 'subgroup',
        label: 'Skill Surveys',
        items: [...firmContent.skillSurveys.map((survey) => external(survey.label, survey.href))],
      },
    ],
  },
  {
    id: 'admin',
    label: 'Admin',
    adminOnly: true,
    items: [
      link('Add New Client', '/admin/clients/create', { built: true }),
      link('Edit Client', '/admin/clients/edit', { built: true }),
      link('Projects', '/admin/projects/create', { built: true }),
      link('Edit Project', '/admin/projects/edit', { built: true }),
      link('Vehicles', '/admin/vehicles/review', { built: true }),
      link('Add Vehicle', '/admin/vehicles/edit', { built: true }),
      link('Staff Review', '/admin/staffs/review', { built: true }),
      link('Employee - Project Roster', '/empRoster', { built: true, rosterEditors: true }),
      link('Timesheet Review', '/admin/timesheets/review', { built: true }),
      link('Planned Hours', '/admin/planned-hours', { built: true }),
      link('Team Leave', '/admin/leave', { built: true }),
      link('Add New Expense', '/admin/expenses/create'),
      link('Add New PO', '/admin/add-new-po'),
      link('Add New Bank', '/admin/add-new-bank'),
      link('Fleet Management', '/admin/fleet-mgt'),
      link('Mail outbox', '/admin/outbox', { built: true }),
      link('Exchange rates', '/admin/exchange-rates', { built: true }),
      link('Import data', '/admin/import', { built: true }),
      link('Settings', '/admin/settings', { built: true }),
      link('Verify the log', '/audit/verify', { built: true }),
      link('Audit', '/audit', { built: true }),
    ],
  },
  {
    id: 'resume',
    label: 'Human Resources Resume',
    adminOnly: true,
    items: [link('Hiring', '/admin/hr/hiring', { built: true })],
  },
  {
    id: 'power-bi',
    label: 'Power BI Reports',
    adminOnly: true,
    items: [
      link('ERP Time', '/admin/erpTime', { built: true }),
      link('ERP Expenses', '/admin/erpExpenses', { built: true }),
      link('ERP Overtime', '/admin/erpOvertime', { built: true }),
    ],
  },
  {
    // The portal's own figures, from uploaded exports and the skills self-assessment: no Power BI.
    id: 'analytics',
    label: 'Analytics',
    adminOnly: true,
    items: [
      link('Azure Cost', '/admin/azureCost', { built: true }),
      link('Office 365', '/admin/office365', { built: true }),
      link('Skills Matrix', '/admin/skillsMatrix', { built: true }),
    ],
  },
  {
    id: 'documentation',
    label: 'Documentation',
    items: [
      link('Overview', '/documentation', { built: true }),
      {
        kind: 'subgroup',
        label: 'How To',
        items: [
          link('Add Timesheet', '/documentation/add-timesheet', { built: true }),
          link('Edit Timesheet', '/documentation/edit-timesheet', { built: true }),
          link('Add Expense', '/documentation/add-expense', { built: true }),
          link('Timesheet Review', '/documentation/timesheet-review', { adminOnly: true, built: true }),
        ],
      },
    ],
  },
  {
    // Issue 11: what an auditor reads (the server answers their every write 403). '/audit' is the
    // history search; the review screens are the admins' own, shown without their actions.
    id: 'audit',
    label: 'Audit',
    auditorsOnly: true,
    items: [
      link('Audit', '/audit', { built: true }),
      link('Verify the log', '/audit/verify', { built: true }),
      link('Timesheet Review', '/admin/timesheets/review', { built: true }),
      link('Employee - Project Roster', '/empRoster', { built: true }),
      link('Planned Hours', '/admin/planned-hours', { built: true }),
      link('Team Leave', '/admin/leave', { built: true }),
      link('Exchange rates', '/admin/exchange-rates', { built: true }),
    ],
  },
];

/**
 * The groups and items one person sees; a roster editor who is not an admin also sees the roster,
 * an auditor who is not an admin the Audit group (issue 11).
 */
export function navigationFor(isAdmin: boolean, canEditRoster = false, isAuditor = false): NavGroup[] {
  const forEditor = (item: NavItem) => canEditRoster && item.kind === 'link' && item.rosterEditors === true;
  const readOnlyAuditor = isAuditor && !isAdmin;
  return navigation
    .filter((group) => !group.auditorsOnly || readOnlyAuditor)
    .filter((group) => isAdmin || !group.adminOnly || group.items.some(forEditor))
    .map((group) => ({
      ...group,
      items: group.items
        .filter((item) => isAdmin || !group.adminOnly || forEditor(item))
        .map((item) =>
          item.kind === 'subgroup'
            ? { ...item, items: item.items.filter((sub) => isAdmin || sub.kind !== 'link' || !sub.adminOnly) }
            : item,
        )
        .filter((item) => isAdmin || item.kind !== 'link' || !item.adminOnly),
    }));
}

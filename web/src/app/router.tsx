import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { ComingSoonPage } from '../features/coming-soon';
import { useCurrentUser } from '../lib/current-user';
import { billableProjectsQuery } from '../lib/projects';
import { queryClient } from '../lib/query-client';
import { getSessionToken } from '../lib/session';
import { GuardedShell } from './guards';
import { RootLayout } from './root-layout';
import { NotFoundPage, RouteError } from './route-error';

/** Screens of the spec's route tables that are planned but not built yet. */
const comingSoon: readonly [path: string, title: string][] = [
  ['/expenses/edit/:id', 'Edit Expense'],
  ['/vehicle-maintenance', 'Vehicle Maintenance'],
  ['/admin/add-new-po', 'Add New PO'],
  ['/admin/add-new-bank', 'Add New Bank'],
  ['/admin/fleet-mgt', 'Fleet Management'],
  ['/admin/expenses/create', 'Add New Expense'],
  ['/admin/testpage', 'Test Page'],
];

/** The documentation feature, one chunk for the overview and every how-to page. */
const documentation = () => import('../features/documentation');

/** The information pages (onboarding, values, equipment, software), one chunk for all of them. */
const information = () => import('../features/information');
const informationPages = [
  ['/onboarding', 'WelcomePage'],
  ['/onboardingEmail', 'WelcomeEmailPage'],
  ['/securityPolicy', 'SecurityPolicyPage'],
  ['/companyValues', 'CompanyValuesPage'],
  ['/computerSpecs', 'ComputerSpecsPage'],
  ['/monitorSpecs', 'MonitorSpecsPage'],
  ['/software', 'SoftwarePage'],
] as const;

const section = { errorElement: <RouteError /> } satisfies Partial<RouteObject>;

const pages: RouteObject[] = [
  {
    path: '/home',
    ...section,
    lazy: async () => ({ Component: (await import('../features/home')).DashboardPage }),
  },
  {
    path: '/timesheets/create',
    ...section,
    // Prefetch the project list while the page's code loads.
    loader: async () => {
      if (getSessionToken()) void queryClient.prefetchQuery(billableProjectsQuery);
      return null;
    },
    lazy: async () => ({ Component: (await import('../features/timesheets')).TimesheetsPage }),
  },
  {
    path: '/expenses/create',
    ...section,
    loader: async () => {
      const { expenseTypesQuery } = await import('../features/expenses');
      if (getSessionToken()) {
        void queryClient.prefetchQuery(billableProjectsQuery);
        void queryClient.prefetchQuery(expenseTypesQuery);
      }
      return null;
    },
    lazy: async () => ({ Component: (await import('../features/expenses')).ExpensesPage }),
  },
  {
    path: '/verify-review',
    ...section,
    loader: async () => {
      if (getSessionToken()) void queryClient.prefetchQuery(billableProjectsQuery);
      return null;
    },
    lazy: async () => ({ Component: (await import('../features/verify-review')).VerifyReviewPage }),
  },
  {
    path: '/leave/leave-request',
    ...section,
    lazy: async () => ({ Component: (await import('../features/leave')).LeaveRequestPage }),
  },
  {
    // Admins only: the guard sends anyone else to '/' (any path with 'admin'); the API answers 403.
    path: '/admin/leave',
    ...section,
    lazy: async () => ({ Component: (await import('../features/leave')).TeamLeavePage }),
  },
  {
    // Admins only: the guard sends anyone else to '/'; the API answers 403.
    path: '/audit',
    ...section,
    lazy: async () => ({ Component: (await import('../features/audit')).AuditPage }),
  },
  {
    path: '/documentation',
    ...section,
    lazy: async () => {
      const { DocumentationPage } = await documentation();
      return {
        Component: function Documentation() {
          const current = useCurrentUser();
          return <DocumentationPage isAdmin={current.status === 'signed-in' && current.user.isAdmin} />;
        },
      };
    },
  },
  {
    path: '/documentation/add-timesheet',
    ...section,
    lazy: async () => ({ Component: (await documentation()).AddTimesheetHelp }),
  },
  {
    path: '/documentation/edit-timesheet',
    ...section,
    lazy: async () => ({ Component: (await documentation()).EditTimesheetHelp }),
  },
  {
    path: '/documentation/add-expense',
    ...section,
    lazy: async () => ({ Component: (await documentation()).AddExpenseHelp }),
  },
  {
    path: '/documentation/timesheet-review',
    ...section,
    lazy: async () => {
      const { TimesheetReviewHelp } = await documentation();
      return {
        // Admin help is for admins; everyone else gets the non-admin home view (spec §2).
        Component: function TimesheetReview() {
          const current = useCurrentUser();
          if (current.status === 'signed-in' && !current.user.isAdmin) return <Navigate to="/home" replace />;
          return <TimesheetReviewHelp />;
        },
      };
    },
  },
  ...informationPages.map(([path, page]): RouteObject => ({
    path,
    ...section,
    lazy: async () => ({ Component: (await information())[page] }),
  })),
  {
    // Admins, roster editors and auditors; anyone else goes home (and the API answers them 403).
    path: '/empRoster',
    ...section,
    lazy: async () => {
      const { RosterPage } = await import('../features/roster');
      return {
        Component: function Roster() {
          const current = useCurrentUser();
          const user = current.status === 'signed-in' ? current.user : null;
          // Auditors read the roster too (issue 11); the server tells the page it may not edit.
          if (user && !user.isAdmin && !user.canEditRoster && user.isAuditor !== true)
            return <Navigate to="/home" replace />;
          return <RosterPage />;
        },
      };
    },
  },
  {
    path: '/profile',
    ...section,
    lazy: async () => ({ Component: (await import('../features/self-service')).ProfilePage }),
  },
  {
    path: '/codeOfConduct',
    ...section,
    lazy: async () => ({ Component: (await import('../features/self-service')).CodeOfConductPage }),
  },
  {
    // The Need Help? contact form; the account menu links here.
    path: '/user-help',
    ...section,
    lazy: async () => ({ Component: (await import('../features/help')).ContactPage }),
  },
  {
    path: '/admin/outbox',
    ...section,
    lazy: async () => ({ Component: (await import('../features/outbox')).OutboxPage }),
  },
  {
    path: '/admin/import',
    ...section,
    lazy: async () => ({ Component: (await import('../features/data-import')).DataImportPage }),
  },
  {
    path: '/admin/exchange-rates',
    ...section,
    lazy: async () => ({ Component: (await import('../features/exchange-rates')).ExchangeRatesPage }),
  },
  {
    // Each owner's time zone (issue 25); admins only, like every 'admin' path.
    path: '/admin/settings',
    ...section,
    lazy: async () => ({ Component: (await import('../features/owner-settings')).OwnerSettingsPage }),
  },
  // Clients and projects (admins only, like every 'admin' path; the API answers 403 to others).
  {
    path: '/admin/clients/create',
    ...section,
    lazy: async () => ({ Component: (await import('../features/admin-catalog')).ClientsCreatePage }),
  },
  {
    path: '/admin/clients/edit',
    ...section,
    lazy: async () => ({ Component: (await import('../features/admin-catalog')).ClientsEditPage }),
  },
  ...['/admin/projects/create', '/admin/projects/edit'].map((path): RouteObject => ({
    path,
    ...section,
    lazy: async () => ({ Component: (await import('../features/admin-catalog')).ProjectsPage }),
  })),
  {
    path: '/admin/vehicles/review',
    ...section,
    lazy: async () => ({ Component: (await import('../features/vehicles')).VehiclesReviewPage }),
  },
  {
    path: '/admin/vehicles/edit',
    ...section,
    lazy: async () => ({ Component: (await import('../features/vehicles')).VehicleEditPage }),
  },
  {
    path: '/admin/staffs/review',
    ...section,
    lazy: async () => ({ Component: (await import('../features/staff-admin')).StaffAdminPage }),
  },
  ...(['ErpTimePage', 'ErpExpensesPage', 'ErpOvertimePage'] as const).map((name): RouteObject => ({
    // Admins only: the guard sends anyone else to '/' (any path with 'admin'); the API answers 403.
    path: {
      ErpTimePage: '/admin/erpTime',
      ErpExpensesPage: '/admin/erpExpenses',
      ErpOvertimePage: '/admin/erpOvertime',
    }[name],
    ...section,
    lazy: async () => ({ Component: (await import('../features/analytics'))[name] }),
  })),
  {
    // Admins only: the guard sends anyone else to '/' (any path with 'admin'); the API answers 403.
    path: '/admin/planned-hours',
    ...section,
    lazy: async () => ({ Component: (await import('../features/planned-hours')).PlannedHoursPage }),
  },
  {
    // Admins only: the guard sends anyone else to '/' (any path with 'admin'); the API answers 403.
    path: '/admin/timesheets/review',
    ...section,
    lazy: async () => ({ Component: (await import('../features/review')).ReviewPage }),
  },
  {
    // Admins only: the guard sends anyone else to '/' (any path with 'admin'); the API answers 403.
    path: '/admin/hr/hiring',
    ...section,
    lazy: async () => ({ Component: (await import('../features/hiring')).HiringPage }),
  },
  {
    // The log's hash-chain check (admins; the API answers 403 to others).
    path: '/audit/verify',
    ...section,
    lazy: async () => ({ Component: (await import('../features/audit-verify')).AuditVerifyPage }),
  },
  // Analytics built from imports and the skills self-assessment (admins; the API answers others 403).
  ...(
    [
      ['/admin/azureCost', 'AzureCostPage'],
      ['/admin/office365', 'Office365Page'],
      ['/admin/skillsMatrix', 'SkillsMatrixPage'],
    ] as const
  ).map(([path, page]): RouteObject => ({
    path,
    ...section,
    lazy: async () => ({ Component: (await import('../features/analytics-imports'))[page] }),
  })),
  ...comingSoon.map(([path, title]): RouteObject => ({
    path,
    ...section,
    element: <ComingSoonPage title={title} />,
  })),
  { path: '*', element: <NotFoundPage /> },
];

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <div className="full-page-status">Loading…</div>,
    children: [
      {
        path: '/',
        ...section,
        lazy: async () => ({ Component: (await import('./landing-route')).LandingRoute }),
      },
      { element: <GuardedShell />, ...section, children: pages },
    ],
  },
]);

import {
  erpMonths,
  PLANNED_HOURS_EXCLUDED_CLIENT_ID,
  sumDecimals,
  type BillableSplit,
  type CurrencyAmount,
  type ErpExpensesReport,
  type ErpFilter,
  type ErpOvertimeReport,
  type ErpTimeReport,
} from '@portal/contracts';

/**
 * The ERP views' figures from the grouped rows the timesheets and expenses contexts answer (pure:
 * no I/O). Every sum is exact (decimal strings through `sumDecimals`, never floats); amounts are
 * never added across currencies.
 */

/** What the views need to know of a project. */
export interface ErpProject {
  readonly projectId: number;
  readonly name: string;
  readonly ownerId: number;
  readonly clientId: number;
  /** Overtime applies: owner 2, or project 61 or 64. */
  readonly hasOvertime: boolean;
}

export interface ErpTimeRow {
  readonly employeeId: number;
  readonly employeeName: string;
  readonly projectId: number;
  readonly projectName: string;
  readonly month: string;
  readonly hours: string;
  readonly overtimeHours: string | null;
}

export interface ErpExpenseRow {
  readonly projectId: number;
  readonly projectName: string;
  readonly categoryId: number;
  readonly categoryName: string;
  readonly currency: string;
  readonly month: string;
  readonly amount: string;
  readonly count: number;
}

/**
 * Billable time (docs/decisions/0182-erp-analytics-context.md): time on a project of a client other than
 * client 4, the firm's own 'Smartwork Internal' client (the one planned hours leave out). Time on
 * umbrella project 45 counts as its sub-project's.
 */
export function isBillableProject(project: Pick<ErpProject, 'clientId'>): boolean {
  return project.clientId !== PLANNED_HOURS_EXCLUDED_CLIENT_ID;
}

/** Values gathered under keys (insertion order kept), summed at the end. */
class Sums<K> {
  private readonly values = new Map<K, string[]>();
  add(key: K, value: string): void {
    const list = this.values.get(key);
    if (list) list.push(value);
    else this.values.set(key, [value]);
  }
  total(key: K): string {
    return sumDecimals(this.values.get(key) ?? []);
  }
  keys(): K[] {
    return [...this.values.keys()];
  }
}

function split(billable: Sums<string>, nonBillable: Sums<string>, key: string): BillableSplit {
  const b = billable.total(key);
  const n = nonBillable.total(key);
  return { billable: b, nonBillable: n, total: sumDecimals([b, n]) };
}

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);

export function erpTimeReport(
  filter: ErpFilter,
  rows: readonly ErpTimeRow[],
  projects: ReadonlyMap<number, ErpProject>,
  ownerNames: ReadonlyMap<number, string>,
): ErpTimeReport {
  const billable = new Sums<string>();
  const nonBillable = new Sums<string>();
  const projectHours = new Sums<number>();
  const people = new Map<number, string>();
  const owners = new Set<number>();
  for (const row of rows) {
    const project = projects.get(row.projectId);
    if (!project) continue;
    const sums = isBillableProject(project) ? billable : nonBillable;
    for (const key of ['all', `m:${row.month}`, `p:${row.employeeId}`, `o:${project.ownerId}`])
      sums.add(key, row.hours);
    projectHours.add(row.projectId, row.hours);
    people.set(row.employeeId, row.employeeName);
    owners.add(project.ownerId);
  }
  return {
    filter,
    totals: split(billable, nonBillable, 'all'),
    byMonth: erpMonths(filter.from, filter.to).map((month) => ({
      month,
      ...split(billable, nonBillable, `m:${month}`),
    })),
    byProject: projectHours
      .keys()
      .map((projectId) => {
        const project = projects.get(projectId)!;
        return {
          projectId,
          name: project.name,
          ownerId: project.ownerId,
          billable: isBillableProject(project),
          hours: projectHours.total(projectId),
        };
      })
      .sort(byName),
    byPerson: [...people]
      .map(([employeeId, name]) => ({ employeeId, name, ...split(billable, nonBillable, `p:${employeeId}`) }))
      .sort(byName),
    byOwner: [...owners]
      .sort((a, b) => a - b)
      .map((ownerId) => ({
        ownerId,
        name: ownerNames.get(ownerId) ?? `Owner ${ownerId}`,
        ...split(billable, nonBillable, `o:${ownerId}`),
      })),
  };
}

/** Overtime (admin spec §9): hours entered as overtime on projects of owner 2 and projects 61 and 64. */
export function erpOvertimeReport(
  filter: ErpFilter,
  rows: readonly ErpTimeRow[],
  projects: ReadonlyMap<number, ErpProject>,
): ErpOvertimeReport {
  const hours = new Sums<string>();
  const people = new Map<number, string>();
  const projectNames = new Map<number, string>();
  for (const row of rows) {
    const project = projects.get(row.projectId);
    if (!project?.hasOvertime || row.overtimeHours === null) continue;
    for (const key of ['all', `m:${row.month}`, `p:${row.employeeId}`, `j:${row.projectId}`])
      hours.add(key, row.overtimeHours);
    people.set(row.employeeId, row.employeeName);
    projectNames.set(row.projectId, project.name);
  }
  return {
    filter,
    total: hours.total('all'),
    byPerson: [...people]
      .map(([employeeId, name]) => ({ employeeId, name, hours: hours.total(`p:${employeeId}`) }))
      .sort(byName),
    byProject: [...projectNames]
      .map(([projectId, name]) => ({ projectId, name, hours: hours.total(`j:${projectId}`) }))
      .sort(byName),
    byMonth: erpMonths(filter.from, filter.to).map((month) => ({ month, hours: hours.total(`m:${month}`) })),
  };
}

/** One figure per key and currency, by the key's name then currency. */
function perCurrency<K extends string | number, Extra>(
  rows: readonly ErpExpenseRow[],
  keyOf: (row: ErpExpenseRow) => K,
  extraOf: (row: ErpExpenseRow) => Extra,
  order: (a: Extra & CurrencyAmount, b: Extra & CurrencyAmount) => number,
): (Extra & CurrencyAmount)[] {
  const groups = new Map<string, { extra: Extra; currency: string; amounts: string[]; count: number }>();
  for (const row of rows) {
    const id = `${keyOf(row)}|${row.currency}`;
    const group = groups.get(id) ?? { extra: extraOf(row), currency: row.currency, amounts: [], count: 0 };
    group.amounts.push(row.amount);
    group.count += row.count;
    groups.set(id, group);
  }
  return [...groups.values()]
    .map((g) => ({ ...g.extra, currency: g.currency, amount: sumDecimals(g.amounts), count: g.count }))
    .sort((a, b) => order(a, b) || a.currency.localeCompare(b.currency));
}

export function erpExpensesReport(filter: ErpFilter, rows: readonly ErpExpenseRow[]): ErpExpensesReport {
  return {
    filter,
    byCurrency: perCurrency(
      rows,
      () => '',
      () => ({}),
      () => 0,
    ),
    byCategory: perCurrency(
      rows,
      (r) => r.categoryId,
      (r) => ({ categoryId: r.categoryId, name: r.categoryName }),
      byName,
    ),
    byProject: perCurrency(
      rows,
      (r) => r.projectId,
      (r) => ({ projectId: r.projectId, name: r.projectName }),
      byName,
    ),
    byMonth: perCurrency(
      rows,
      (r) => r.month,
      (r) => ({ month: r.month }),
      (a, b) => a.month.localeCompare(b.month),
    ),
  };
}

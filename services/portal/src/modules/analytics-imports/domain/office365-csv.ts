import {
  importMessages,
  type LicenceCount,
  type Office365ReportKind,
  type Office365UsageImported,
} from '@portal/contracts';
import { headingKey, locateColumns, refuseFile, type WantedColumn } from './csv-columns';

/**
 * Reading a Microsoft 365 admin center users export (pure). Two exports are accepted:
 * - 'Microsoft 365 active user detail' (Reports > Usage > Active users > Export): User Principal
 *   Name, Display Name, Assigned Products, Is Deleted, Report Refresh Date and one '… Last Activity
 *   Date' column per product;
 * - the Active users list (Users > Active users > Export users): User principal name, Display name,
 *   Licenses ('Unlicensed' when none), no activity columns.
 * Products are separated by '+' in both. A user is active when any last activity date is filled.
 */
export const OFFICE365_COLUMNS = {
  upn: { label: 'User Principal Name', accepted: ['User Principal Name'] },
  name: { label: 'Display Name', accepted: ['Display Name'] },
  products: { label: 'Assigned Products (or Licenses)', accepted: ['Assigned Products', 'Licenses'] },
} as const satisfies Record<string, WantedColumn>;

const OPTIONAL = {
  deleted: { label: 'Is Deleted', accepted: ['Is Deleted'] },
  refreshed: { label: 'Report Refresh Date', accepted: ['Report Refresh Date'] },
} as const satisfies Record<string, WantedColumn>;

const NO_LICENCE = new Set(['', 'unlicensed']);

export type Office365Summary = Omit<Office365UsageImported, 'importId' | 'fileName'>;

export class Office365Reader {
  private products = -1;
  private deleted: number | undefined;
  private refreshed: number | undefined;
  private activity: number[] = [];
  private kind: Office365ReportKind = 'active-users';
  private reportDate: string | null = null;
  private users = 0;
  private licensed = 0;
  private active = 0;
  private readonly licences = new Map<string, number>();

  header(headings: readonly string[]): void {
    const { found, missing } = locateColumns(headings, OFFICE365_COLUMNS);
    if (missing.length > 0) throw refuseFile(importMessages.notOffice365(missing));
    const optional = locateColumns(headings, OPTIONAL).found;
    this.products = found.products!.index;
    this.kind =
      headingKey(found.products!.heading) === 'assignedproducts' ? 'active-user-detail' : 'active-users';
    this.deleted = optional.deleted?.index;
    this.refreshed = optional.refreshed?.index;
    this.activity = headings.flatMap((h, i) => (headingKey(h).endsWith('lastactivitydate') ? [i] : []));
  }

  row(values: readonly string[]): void {
    if (values.every((v) => v.trim() === '')) return;
    const cell = (index: number | undefined) => (index === undefined ? '' : (values[index] ?? '').trim());
    if (cell(this.deleted).toLowerCase() === 'true') return;
    const refreshed = cell(this.refreshed);
    if (!this.reportDate && /^\d{4}-\d{2}-\d{2}/.test(refreshed)) this.reportDate = refreshed.slice(0, 10);
    this.users += 1;
    const products = cell(this.products)
      .split('+')
      .map((p) => p.trim())
      .filter((p) => !NO_LICENCE.has(p.toLowerCase()));
    if (products.length > 0) this.licensed += 1;
    for (const sku of new Set(products)) this.licences.set(sku, (this.licences.get(sku) ?? 0) + 1);
    if (this.activity.some((i) => cell(i) !== '')) this.active += 1;
  }

  /** `uploadDay`: the report's date when the file names none (the Active users list has none). */
  result(uploadDay: string): Office365Summary {
    if (this.users === 0) throw refuseFile(importMessages.noRows);
    const licences: LicenceCount[] = [...this.licences.entries()]
      .map(([sku, assigned]) => ({ sku, assigned }))
      .sort((a, b) => b.assigned - a.assigned || a.sku.localeCompare(b.sku));
    return {
      kind: this.kind,
      reportDate: this.reportDate ?? uploadDay,
      users: this.users,
      licensedUsers: this.licensed,
      activeUsers: this.activity.length > 0 ? this.active : null,
      licences,
    };
  }
}

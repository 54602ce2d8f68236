import type { Projection, Reactor } from '../platform/projection/projection';
import { catalogProjection } from '../modules/catalog/projections/catalog.projection';
import { staffProjection } from '../modules/staff/projections/staff.projection';
import { rosterProjection } from '../modules/roster/projections/roster.projection';
import { timesheetsProjection } from '../modules/timesheets/projections/timesheets.projection';
import { lateEntryReactor } from '../modules/timesheets/reactions/late-entry.reactor';
import { receiptsProjection } from '../modules/expenses/receipts/receipts.projection';
import { expensesProjection } from '../modules/expenses/projections/expenses.projection';

/** Every read model the projector keeps, and every reactor the projector runs. */
export const projections: readonly Projection[] = [
  catalogProjection,
  staffProjection,
  rosterProjection,
  timesheetsProjection,
  receiptsProjection,
  expensesProjection,
];

export const reactors: readonly Reactor[] = [lateEntryReactor];

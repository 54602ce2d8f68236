import {
  addCounts,
  periodStateOf,
  sumDecimals,
  sumMoney,
  sumParts,
  type BoardCell,
  type BoardPeriod,
  type CellSums,
  type LedgerCellSummary,
} from '@portal/contracts';

/**
 * One kind's summary cells (time or expenses) by person, project and asked period: a period that
 * spans two calendar months comes as one part per month, and `of` adds the parts up (`sumParts`).
 * Cells outside every asked period are left out.
 */
export class PeriodParts {
  private readonly parts = new Map<string, LedgerCellSummary[]>();

  constructor(cells: readonly LedgerCellSummary[]) {
    for (const cell of cells) {
      if (cell.period === null) continue;
      const key = `${cell.employeeId}:${cell.projectId}:${cell.period}`;
      this.parts.set(key, [...(this.parts.get(key) ?? []), cell]);
    }
  }

  /** The person's project's sums over the days of the period with this key. */
  of(employeeId: number, projectId: number, periodKey: string): CellSums {
    return sumParts(this.parts.get(`${employeeId}:${projectId}:${periodKey}`) ?? []);
  }
}

/**
 * A board cell: the period, time and expenses of its days together. The return reason is time's
 * latest, else the expenses' (the order the board has always used).
 */
export function boardCell(period: BoardPeriod, time: CellSums, expenses: CellSums): BoardCell {
  const counts = addCounts(time.counts, expenses.counts);
  return {
    period,
    state: periodStateOf(counts),
    counts,
    hours: sumDecimals([time.hours]),
    expensesClaimed: sumMoney([expenses.amount]),
    lateEntries: time.lateEntries + expenses.lateEntries,
    returnReason: time.returnReason ?? expenses.returnReason,
  };
}

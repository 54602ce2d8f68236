import {
  monthPickerLabel,
  type CurrencyAmount,
  type ErpExpensesReport,
  type ErpFilter,
} from '@portal/contracts';
import { AnalyticsFrame } from '../../ui/analytics-frame';
import { decimalColumn, type DataColumn } from '../../ui/data-table';
import { ChartPanel, COLOURS, nameColumn, type ChartPanelProps } from './chart-panel';
import { useErpReport } from './erp-api';
import { ErpView } from './erp-view';

function amountColumns<T extends CurrencyAmount>(first: DataColumn<T>): DataColumn<T>[] {
  return [
    first,
    { id: 'currency', header: 'Currency', text: (r) => r.currency, sort: 'text' },
    decimalColumn<T>('amount', 'Amount', (r) => r.amount, 2),
    { id: 'count', header: 'Expenses', text: (r) => String(r.count), numeric: true },
  ];
}

/**
 * Bars per label with one series per currency (amounts are never added across currencies). Bar
 * heights are numbers; the exact amounts are the table's.
 */
function byCurrencyChart<T extends CurrencyAmount>(rows: readonly T[], label: (r: T) => string) {
  const currencies = [...new Set(rows.map((r) => r.currency))].sort();
  const groups = new Map<string, Record<string, string | number>>();
  for (const row of rows) {
    const group = groups.get(label(row)) ?? { label: label(row) };
    group[row.currency] = Number(row.amount);
    groups.set(label(row), group);
  }
  return {
    chart: [...groups.values()],
    series: currencies.map((c, i) => ({ key: c, name: c, colour: COLOURS[i % COLOURS.length] })),
  };
}

type Named = CurrencyAmount & { readonly name: string };
type MonthRow = ErpExpensesReport['byMonth'][number];

/** Amounts by what `first` names (a category, a month…), a bar per currency, the table beside. */
function CurrencyPanel<T extends CurrencyAmount>(
  props: Omit<ChartPanelProps<T>, 'chart' | 'categoryKey' | 'series' | 'columns'> & {
    readonly first: DataColumn<T>;
  },
) {
  const { first, ...panel } = props;
  const { chart, series } = byCurrencyChart(panel.rows, first.text);
  return (
    <ChartPanel<T>
      {...panel}
      chart={chart}
      categoryKey="label"
      series={series}
      columns={amountColumns<T>(first)}
    />
  );
}

const namedPanel = (what: string, header: string, rows: readonly Named[]) => ({
  what,
  rows,
  summary: `${new Set(rows.map((r) => r.name)).size} ${what}, each currency on its own.`,
  rowKey: (r: Named) => `${r.name}|${r.currency}`,
  first: nameColumn<Named>('name', header, (r) => r.name),
});

function ErpExpensesView({ report }: { report: ErpExpensesReport }) {
  const totals = report.byCurrency.map((c) => `${c.amount} ${c.currency}`).join(', ');
  return (
    <>
      <ChartPanel<CurrencyAmount>
        title="Claimed by currency"
        summary={totals === '' ? 'Nothing claimed for these filters.' : `Claimed in all: ${totals}.`}
        chart={report.byCurrency.map((c) => ({ label: c.currency, amount: Number(c.amount) }))}
        categoryKey="label"
        series={[{ key: 'amount', name: 'Amount', colour: COLOURS[0] }]}
        rows={report.byCurrency}
        rowKey={(r) => r.currency}
        what="currencies"
        columns={amountColumns<CurrencyAmount>({
          id: 'label',
          header: 'Receipts',
          text: (r) => `${r.count} expenses`,
        })}
      />
      <CurrencyPanel
        title="Claimed by category"
        {...namedPanel('categories', 'Category', report.byCategory)}
      />
      <CurrencyPanel title="Claimed by project" {...namedPanel('projects', 'Project', report.byProject)} />
      <CurrencyPanel<MonthRow>
        title="Claimed by month"
        summary="Amounts per month of the range, each currency on its own."
        rows={report.byMonth}
        rowKey={(r) => `${r.month}|${r.currency}`}
        what="months"
        first={nameColumn<MonthRow>('month', 'Month', (r) => monthPickerLabel(r.month), false)}
      />
    </>
  );
}

const useExpenses = (filter: ErpFilter) => useErpReport('erpExpenses', filter);

/** '/admin/erpExpenses' (admins): claimed by currency, category, project and month. */
export function ErpExpensesPage() {
  return (
    <AnalyticsFrame page="erpExpenses" title="ERP Expenses">
      <ErpView page="erpExpenses" what="the expenses" useReport={useExpenses}>
        {(report) => <ErpExpensesView report={report} />}
      </ErpView>
    </AnalyticsFrame>
  );
}

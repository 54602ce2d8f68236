import {
  monthPickerLabel,
  type CurrencyAmount,
  type ErpExpensesReport,
  type ErpFilter,
} from '@portal/contracts';
import { AnalyticsFrame } from '../../ui/analytics-frame';
import { decimalColumn, type DataColumn } from '../../ui/data-table';
import { ChartPanel, COLOURS } from './chart-panel';
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

function NamedPanel(props: {
  title: string;
  header: string;
  what: string;
  rows: readonly Named[];
  rowKey: (row: Named) => string;
}) {
  const { chart, series } = byCurrencyChart(props.rows, (r) => r.name);
  return (
    <ChartPanel<Named>
      title={props.title}
      summary={`${new Set(props.rows.map((r) => r.name)).size} ${props.what}, each currency on its own.`}
      chart={chart}
      categoryKey="label"
      series={series}
      rows={props.rows}
      rowKey={props.rowKey}
      what={props.what}
      columns={amountColumns<Named>({
        id: 'name',
        header: props.header,
        text: (r) => r.name,
        isRowHeader: true,
        sort: 'text',
      })}
    />
  );
}

function ErpExpensesView({ report }: { report: ErpExpensesReport }) {
  const totals = report.byCurrency.map((c) => `${c.amount} ${c.currency}`).join(', ');
  const months = byCurrencyChart(report.byMonth, (r) => monthPickerLabel(r.month));
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
      <NamedPanel
        title="Claimed by category"
        header="Category"
        what="categories"
        rows={report.byCategory}
        rowKey={(r) => `${r.name}|${r.currency}`}
      />
      <NamedPanel
        title="Claimed by project"
        header="Project"
        what="projects"
        rows={report.byProject}
        rowKey={(r) => `${r.name}|${r.currency}`}
      />
      <ChartPanel<MonthRow>
        title="Claimed by month"
        summary="Amounts per month of the range, each currency on its own."
        chart={months.chart}
        series={months.series}
        categoryKey="label"
        rows={report.byMonth}
        rowKey={(r) => `${r.month}|${r.currency}`}
        what="months"
        columns={amountColumns<MonthRow>({
          id: 'month',
          header: 'Month',
          text: (r) => monthPickerLabel(r.month),
          isRowHeader: true,
        })}
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

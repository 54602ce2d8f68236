import { useId } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { DataTable, type DataColumn } from '../../ui/data-table';

export interface ChartSeries {
  readonly key: string;
  readonly name: string;
  readonly colour: string;
}

export interface ChartPanelProps<T> {
  readonly title: string;
  /** One sentence saying what the chart shows and its main figure (read before the chart). */
  readonly summary: string;
  /** The chart's bars: a label per bar group and one number per series (heights only). */
  readonly chart: readonly Record<string, string | number>[];
  readonly categoryKey: string;
  readonly series: readonly ChartSeries[];
  /** The same figures as a table (exact decimal strings): the chart's accessible alternative. */
  readonly rows: readonly T[];
  readonly columns: readonly DataColumn<T>[];
  readonly rowKey: (row: T) => string;
  readonly what: string;
}

/** Series colours with enough contrast on white (WCAG 1.4.11 for graphics). */
export const COLOURS = ['#1f5fa8', '#b4421a', '#2e7d32', '#6a3d9a', '#8a6d00'] as const;

/**
 * A chart with its title and summary, and below it the table of the same figures. The chart's
 * keyboard layer (recharts' accessibilityLayer) lets arrow keys move the tooltip from bar to bar;
 * the table is what screen readers and the export read.
 */
export function ChartPanel<T>(props: ChartPanelProps<T>) {
  const headingId = useId();
  const summaryId = useId();
  return (
    <section className="analytics-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{props.title}</h2>
      <p id={summaryId} className="analytics-panel__summary">
        {props.summary}
      </p>
      {props.chart.length > 0 ? (
        <div
          className="analytics-panel__chart"
          role="figure"
          aria-labelledby={headingId}
          aria-describedby={summaryId}
        >
          <ResponsiveContainer width="100%" height={280}>
            <BarChart data={[...props.chart]} accessibilityLayer>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey={props.categoryKey} />
              <YAxis />
              <Tooltip />
              <Legend />
              {props.series.map((s) => (
                <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.colour} />
              ))}
            </BarChart>
          </ResponsiveContainer>
        </div>
      ) : null}
      <DataTable
        label={`${props.title} (table)`}
        what={props.what}
        rows={props.rows}
        rowKey={props.rowKey}
        columns={props.columns}
        searchable={false}
        pageSize={100}
        empty={`No ${props.what} for these filters.`}
      />
    </section>
  );
}

export interface RowChartPanelProps<T> extends Omit<ChartPanelProps<T>, 'chart' | 'categoryKey' | 'columns'> {
  /** The column naming a row (a month, a person…): its text labels the row's bars. */
  readonly first: DataColumn<T>;
  /** The figures after it, as the table shows them. */
  readonly figures: readonly DataColumn<T>[];
  /** The row's bar heights, one number per series key. */
  readonly bars: (row: T) => Record<string, number>;
}

/** A ChartPanel with one group of bars a row, labelled as the row's first column. */
export function RowChartPanel<T>({ first, figures, bars, ...panel }: RowChartPanelProps<T>) {
  return (
    <ChartPanel<T>
      {...panel}
      chart={panel.rows.map((row) => ({ label: first.text(row), ...bars(row) }))}
      categoryKey="label"
      columns={[first, ...figures]}
    />
  );
}

/** The column naming a row: a row header, sorted as text when `sorted`. */
export function nameColumn<T>(
  id: string,
  header: string,
  text: (row: T) => string,
  sorted = true,
): DataColumn<T> {
  return sorted
    ? { id, header, text, isRowHeader: true, sort: 'text' }
    : { id, header, text, isRowHeader: true };
}

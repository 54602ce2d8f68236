import type { DataImportCounts, DataImportProblem, DataImportRefusal } from '@portal/contracts';
import { DataTable } from '../../ui/data-table';

/** 'create 2, change 1, leave 5 as they are'. */
export function countsText(counts: DataImportCounts, done: boolean): string {
  const [create, change, leave] = done
    ? ['created', 'changed', 'left']
    : ['would create', 'would change', 'would leave'];
  return `${create} ${counts.created}, ${change} ${counts.changed}, ${leave} ${counts.unchanged} as they are`;
}

const problemKey = (p: DataImportProblem) => `${p.sheet}\u0000${p.row}\u0000${p.column}\u0000${p.message}`;

/** The dry run's answer (or its refusal): what applying would do, and every problem by sheet, row and column. */
export function ImportReport({ report }: { readonly report: DataImportRefusal }) {
  return (
    <section className="card stack" aria-labelledby="import-report-title">
      <h2 id="import-report-title">Check of {report.fileName}</h2>
      <p>
        {report.rows} {report.rows === 1 ? 'row' : 'rows'} read: applying it{' '}
        {countsText(report.counts, false)}.
      </p>
      {report.problemCount > 0 ? (
        <>
          <p role="alert" className="field__error">
            {report.problemCount} {report.problemCount === 1 ? 'problem' : 'problems'}: correct the file and
            upload it again. Nothing was imported.
            {report.problemCount > report.problems.length
              ? ` The first ${report.problems.length} are listed.`
              : ''}
          </p>
          <DataTable
            label="Problems found in the file"
            what="problems"
            rows={report.problems}
            rowKey={problemKey}
            empty="No problems."
            columns={[
              { id: 'sheet', header: 'Sheet', sort: 'text', text: (p) => p.sheet },
              {
                id: 'row',
                header: 'Row',
                sort: 'decimal',
                numeric: true,
                isRowHeader: true,
                text: (p) => String(p.row),
              },
              { id: 'column', header: 'Column', sort: 'text', text: (p) => p.column },
              { id: 'message', header: 'Problem', sort: 'text', text: (p) => p.message },
            ]}
          />
        </>
      ) : null}
    </section>
  );
}

import type { ReactNode } from 'react';
import './analytics.css';
import type { ErpFilter, ErpPage } from '@portal/contracts';
import { QueryState, type LoadState } from '../../ui/query-state';
import { ErpFilters } from './erp-filters';
import { ExportButton } from './export-button';
import { useErpFilter } from './use-erp-filter';

export interface ErpViewProps<D> {
  readonly page: ErpPage;
  readonly what: string;
  readonly useReport: (filter: ErpFilter) => LoadState & { readonly data: D | undefined };
  readonly children: (data: D) => ReactNode;
}

/** An ERP page's built-in view: the filters (in the URL), Export xlsx, then the panels. */
export function ErpView<D>({ page, what, useReport, children }: ErpViewProps<D>) {
  const { filter, setFilter, reset } = useErpFilter();
  const report = useReport(filter);
  return (
    <div className="analytics-view">
      <ErpFilters filter={filter} onChange={setFilter} onReset={reset} />
      <div className="analytics-view__actions">
        <ExportButton page={page} filter={filter} />
      </div>
      <QueryState query={report} what={what}>
        {children}
      </QueryState>
    </div>
  );
}

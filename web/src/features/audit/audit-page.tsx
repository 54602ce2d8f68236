import { useState, type FormEvent } from 'react';
import {
  AUDIT_ENTITY_KINDS,
  AUDIT_ENTITY_KIND_LABELS,
  type AuditEntityKind,
  type AuditEntryView,
  type AuditExportFormat,
} from '@portal/contracts';
import { ApiError, errorMessage } from '../../lib/api';
import { fieldErrorsOf } from '../../lib/form-errors';
import type { Key } from 'react-aria-components';
import { Button } from '../../ui/button';
import { ComboBox } from '../../ui/combo-box';
import { DataTable, type DataColumn } from '../../ui/data-table';
import { AuditChanges, auditChangesText, auditWhen, HistoryButton } from '../../ui/history';
import { Select } from '../../ui/select';
import { TextField } from '../../ui/text-field';
import { showToast } from '../../ui/toast';
import {
  AUDIT_PAGE_SIZE,
  exportAudit,
  NO_FILTERS,
  useAuditFilters,
  useAuditSearch,
  type AuditSearch,
} from './api/audit-api';
import { Page } from '../../ui/page';
import { currentBusinessTimeZone } from '../../lib/business-day';
import './audit.css';

const ANY_KIND = 'any';
const kindOptions = [
  { id: ANY_KIND, name: 'Any entity' },
  ...AUDIT_ENTITY_KINDS.map((kind) => ({ id: kind, name: AUDIT_ENTITY_KIND_LABELS[kind] })),
];

/** The filters typed as text: the entity id and the times (on the owner's wall clock). */
const textFilters = (timeZone: string): readonly TextFilter[] => [
  { field: 'entityId', label: 'Entity id' },
  { field: 'from', label: `From (${timeZone})`, inputType: 'datetime-local' },
  { field: 'to', label: `To (${timeZone})`, inputType: 'datetime-local' },
];

interface TextFilter {
  readonly field: 'entityId' | 'from' | 'to';
  readonly label: string;
  readonly inputType?: 'datetime-local';
}

/** A choice's key as the search sends it: '' for any. */
const filterValue = (key: Key | null) => (key === null || key === ANY_KIND ? '' : String(key));

const columns: readonly DataColumn<AuditEntryView>[] = [
  {
    id: 'when',
    header: 'When',
    isRowHeader: true,
    text: (e) => auditWhen(e.occurredAt),
    cell: (e) => <time dateTime={e.occurredAt}>{auditWhen(e.occurredAt)}</time>,
  },
  {
    id: 'who',
    header: 'Who / on whose behalf',
    text: (e) => `${e.actorName}${e.subjectPersonName ? ` for ${e.subjectPersonName}` : ''}`,
    cell: (e) => (
      <>
        <span>{e.actorName}</span>
        {e.subjectPersonName ? <span className="audit__behalf">for {e.subjectPersonName}</span> : null}
      </>
    ),
  },
  {
    id: 'entity',
    header: 'Entity',
    text: (e) => `${AUDIT_ENTITY_KIND_LABELS[e.entityKind]} ${e.entityId}`,
    cell: (e) => (
      <>
        <span>{AUDIT_ENTITY_KIND_LABELS[e.entityKind]}</span>
        <span className="audit__id">{e.entityId}</span>
      </>
    ),
  },
  { id: 'command', header: 'Command', text: (e) => e.command },
  { id: 'reason', header: 'Reason', text: (e) => e.reason ?? '' },
  {
    id: 'changes',
    header: 'Before → after',
    text: (e) => auditChangesText(e.changes),
    cell: (e) => <AuditChanges changes={e.changes} />,
  },
];

/**
 * '/audit' (admins): who changed what and when, searched by person and actor (chosen by name),
 * entity, event type (from the list the audit reads) and time; each result with before → after field by field; the search exported as xlsx or CSV.
 */
export function AuditPage() {
  const [draft, setDraft] = useState<AuditSearch>(NO_FILTERS);
  const [search, setSearch] = useState<AuditSearch>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState<AuditExportFormat | null>(null);
  const result = useAuditSearch(search, page);
  const timeZone = currentBusinessTimeZone();
  const choices = useAuditFilters();
  const people = [
    { id: ANY_KIND, name: 'Anyone' },
    ...(choices.data?.people ?? []).map((p) => ({
      id: String(p.staffId),
      name: p.isActive ? p.name : `${p.name} (inactive)`,
    })),
  ];
  const eventTypes = [
    { id: ANY_KIND, name: 'Any event type' },
    ...(choices.data?.eventTypes ?? []).map((t) => ({ id: t.type, name: t.label })),
  ];
  const problems = result.error instanceof ApiError ? fieldErrorsOf(result.error.problems) : {};
  // The fields changed since the last search: their problem from that search is not shown any more.
  const [edited, setEdited] = useState<ReadonlySet<keyof AuditSearch>>(new Set());
  const problemOf = (field: keyof AuditSearch) => (edited.has(field) ? undefined : problems[field]);
  const set = (field: keyof AuditSearch) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setEdited((fields) => (fields.has(field) ? fields : new Set(fields).add(field)));
  };
  const textFilter = ({ field, ...props }: TextFilter) => (
    <TextField
      key={field}
      {...props}
      value={draft[field]}
      onChange={set(field)}
      errorMessage={problemOf(field)}
    />
  );

  // Person, actor, event type: chosen by name from a list that narrows as one types.
  const choiceFilter = (
    field: 'person' | 'actor' | 'type',
    label: string,
    options: typeof people,
    description?: string,
  ) => (
    <ComboBox
      label={label}
      description={description}
      placeholder={options[0]?.name}
      options={options}
      value={draft[field] || ANY_KIND}
      onChange={(key) => set(field)(filterValue(key))}
      errorMessage={problemOf(field)}
    />
  );

  const searchFor = (filters: AuditSearch) => {
    setDraft(filters);
    setSearch(filters);
    setEdited(new Set());
    setPage(1);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    searchFor(draft);
  };
  const clear = () => searchFor(NO_FILTERS);
  const download = async (format: AuditExportFormat) => {
    setExporting(format);
    try {
      const name = await exportAudit(search, format);
      showToast(`Saved ${name}`, 'success');
    } catch (error) {
      showToast(errorMessage(error), 'danger');
    } finally {
      setExporting(null);
    }
  };
  const hasProblems = Object.keys(problems).length > 0;

  return (
    <Page title="Audit" className="audit">
      <p className="page__lead">
        Every recorded change: who made it, on whose behalf, and each field before → after. Times are in{' '}
        {timeZone}.
      </p>
      <form className="card audit-filters" aria-label="Search the history" onSubmit={submit}>
        {choiceFilter('person', 'Person', people, 'On whose behalf')}
        <Select
          label="Entity kind"
          options={kindOptions}
          value={draft.entityKind || ANY_KIND}
          onChange={(key) => set('entityKind')(filterValue(key))}
          errorMessage={problemOf('entityKind')}
        />
        {textFilters(timeZone).slice(0, 1).map(textFilter)}
        {choiceFilter('actor', 'Actor', people, 'Who made the change')}
        {choiceFilter('type', 'Event type', eventTypes)}
        {textFilters(timeZone).slice(1).map(textFilter)}
        <div className="audit-filters__actions">
          <Button type="submit">Search</Button>
          <Button variant="secondary" onPress={clear}>
            Clear filters
          </Button>
        </div>
      </form>
      <section className="card" aria-labelledby="audit-results-title">
        <div className="audit__results-head">
          <h2 id="audit-results-title" className="card__title">
            Results
          </h2>
          <div className="audit__exports">
            <Button
              variant="secondary"
              isDisabled={hasProblems}
              isPending={exporting === 'xlsx'}
              onPress={() => void download('xlsx')}
            >
              Export xlsx
            </Button>
            <Button
              variant="secondary"
              isDisabled={hasProblems}
              isPending={exporting === 'csv'}
              onPress={() => void download('csv')}
            >
              Export CSV
            </Button>
          </div>
        </div>
        {hasProblems ? (
          <p role="alert" className="audit__problem">
            {Object.keys(problems).some((field) => problemOf(field as keyof AuditSearch))
              ? 'Correct the filters marked above, then search again.'
              : 'Search again with the changed filters.'}
          </p>
        ) : (
          <>
            <DataTable
              label="Audit results"
              what="audit entries"
              rows={result.data?.entries}
              load={result}
              rowKey={(e) => `${e.seq}`}
              columns={columns}
              searchable={false}
              pageSize={AUDIT_PAGE_SIZE}
              listKey={`${JSON.stringify(search)}-${page}`}
              actions={{
                header: 'History',
                render: (e) => (
                  <HistoryButton
                    entityKind={e.entityKind as AuditEntityKind}
                    entityId={e.entityId}
                    name={e.entityId}
                  />
                ),
              }}
              empty="Nothing recorded matches these filters."
              emptyAction={
                <Button variant="secondary" onPress={clear}>
                  Clear filters
                </Button>
              }
            />
            <nav className="audit__pager" aria-label="Result pages">
              <Button variant="secondary" isDisabled={page === 1} onPress={() => setPage((p) => p - 1)}>
                Newer
              </Button>
              <span aria-live="polite">Page {page}</span>
              <Button
                variant="secondary"
                isDisabled={!result.data?.hasMore || result.isPlaceholderData}
                onPress={() => setPage((p) => p + 1)}
              >
                Older
              </Button>
            </nav>
          </>
        )}
      </section>
    </Page>
  );
}

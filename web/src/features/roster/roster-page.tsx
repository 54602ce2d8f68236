import { useMemo, useState } from 'react';
import { rosterMessages as msg } from '@portal/contracts';
import { errorMessage } from '../../lib/api';
import { useCanReadAudit } from '../../lib/current-user';
import { AsOfBanner, AsOfControl, useAsOf } from '../../ui/as-of';
import { Button } from '../../ui/button';
import { HistoryButton } from '../../ui/history';
import { EmptyState, QueryState } from '../../ui/query-state';
import { showToast } from '../../ui/toast';
import { DiscardChangesDialog, LeaveWithoutSavingGuard } from '../../ui/unsaved-changes';
import {
  exportRoster,
  NO_FILTERS,
  useRosterChoices,
  useRosterMatrix,
  useSaveRoster,
  type RosterFilters,
} from './api/roster-api';
import { RosterFilterBar } from './components/roster-filters';
import { RosterGrid, type RosterCellRef } from './components/roster-grid';
import {
  allowedCells,
  NAME_SORT,
  nextSort,
  sortedRows,
  togglePending,
  type PendingChanges,
  type RosterSort,
} from './roster-model';
import { Page } from '../../ui/page';
import './roster.css';

const pendingText = (count: number) =>
  count === 0 ? 'No unsaved changes' : count === 1 ? '1 unsaved change' : `${count} unsaved changes`;

/**
 * '/empRoster' (admins and roster editors; the API answers 403 to anyone else): who may bill which
 * project. Editors tick boxes (pending until Save); everyone else reads 'Yes' markers. The filters
 * run on the server; the header sorts run here on what it answered.
 */
export function RosterPage() {
  const [filters, setFilters] = useState<RosterFilters>(NO_FILTERS);
  const [sort, setSort] = useState<RosterSort>(NAME_SORT);
  const [pending, setPending] = useState<PendingChanges>(new Map());
  const [exporting, setExporting] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const choices = useRosterChoices();
  // A past view (?asOf=): the ticks as they stood then; the server answers canEdit false.
  const asOf = useAsOf();
  const matrix = useRosterMatrix(filters, asOf);
  const save = useSaveRoster(filters);
  // Admins and auditors open the focused cell's history (audit kind 'roster-cell') in place.
  const canReadAudit = useCanReadAudit();
  const [focusedCell, setFocusedCell] = useState<RosterCellRef | null>(null);

  const saved = useMemo(() => (matrix.data ? allowedCells(matrix.data) : new Set<string>()), [matrix.data]);
  const rows = useMemo(
    () => (matrix.data ? sortedRows(matrix.data, saved, sort) : []),
    [matrix.data, saved, sort],
  );
  const canEdit = asOf === null && (matrix.data?.canEdit ?? false);

  function saveChanges() {
    if (pending.size === 0 || save.isPending) return;
    const changes = [...pending.values()];
    save.mutate(changes, {
      onSuccess: () => {
        setPending(new Map());
        showToast(msg.saved, 'success');
      },
      onError: (error) => showToast(errorMessage(error, msg.saveFailed), 'danger'),
    });
  }

  async function exportFile() {
    setExporting(true);
    try {
      await exportRoster(filters);
    } catch (error) {
      showToast(errorMessage(error), 'danger');
    } finally {
      setExporting(false);
    }
  }

  const resetFilters = () => setFilters(NO_FILTERS);

  return (
    <Page title="Employee - Project Roster" className="roster">
      {asOf ? <AsOfBanner screen="the Employee - Project Roster" asOf={asOf} /> : null}
      <p className="page__lead">
        {asOf
          ? 'Who could bill which project at that moment.'
          : canEdit
            ? 'Tick a box to let a person bill a project; untick it to take that away. Changes stay pending until you save them.'
            : 'Who may bill which project. Only people with Can edit roster may change it.'}
      </p>
      <QueryState query={choices} what="roster filters" skeletonLines={1}>
        {(data) => (
          <RosterFilterBar
            choices={data}
            filters={filters}
            onChange={setFilters}
            onReset={resetFilters}
            onExport={asOf ? null : () => void exportFile()}
            isExporting={exporting}
          />
        )}
      </QueryState>
      <AsOfControl key={asOf ?? 'now'} now={new Date()} />
      {canEdit ? (
        <div className="roster__toolbar">
          <p role="status" className="roster__pending">
            {pendingText(pending.size)}
          </p>
          <Button onPress={saveChanges} isPending={save.isPending} isDisabled={pending.size === 0}>
            Save
          </Button>
          <Button
            variant="secondary"
            onPress={() => setConfirmDiscard(true)}
            isDisabled={pending.size === 0 || save.isPending}
          >
            Discard changes
          </Button>
        </div>
      ) : null}
      {canReadAudit ? (
        <div className="roster__history">
          {focusedCell ? (
            <HistoryButton
              entityKind="roster-cell"
              entityId={`${focusedCell.employeeId}:${focusedCell.projectId}`}
              name={focusedCell.name}
            />
          ) : (
            <p className="muted">Focus a cell of the grid to open its history here.</p>
          )}
        </div>
      ) : null}
      <DiscardChangesDialog
        isOpen={confirmDiscard}
        message={`Are you sure you want to discard ${pendingText(pending.size).toLowerCase()}?`}
        onCancel={() => setConfirmDiscard(false)}
        onConfirm={() => {
          setPending(new Map());
          setConfirmDiscard(false);
        }}
      />
      {/* Unsaved changes are not lost by leaving without a word: the portal's links ask first, the browser too. */}
      <LeaveWithoutSavingGuard
        when={pending.size > 0}
        message={`You have ${pendingText(pending.size).toLowerCase()}. Leave this page without saving them?`}
      />
      <QueryState
        query={matrix}
        what="the roster"
        isEmpty={(data) => data.people.length === 0 || data.projects.length === 0}
        empty={
          <EmptyState
            action={
              <Button variant="secondary" onPress={resetFilters}>
                Reset Filters
              </Button>
            }
          >
            No employees or projects match these filters.
          </EmptyState>
        }
        skeletonLines={8}
      >
        {(data) => (
          <RosterGrid
            matrix={data}
            rows={rows}
            saved={saved}
            pending={pending}
            canEdit={canEdit}
            sort={sort}
            onSort={(clicked) => setSort((current) => nextSort(current, clicked))}
            onActiveCell={canReadAudit ? setFocusedCell : undefined}
            onToggle={(employeeId, projectId) =>
              setPending((current) => togglePending(current, saved, employeeId, projectId))
            }
          />
        )}
      </QueryState>
    </Page>
  );
}

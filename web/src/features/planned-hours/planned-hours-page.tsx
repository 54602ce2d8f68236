import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { plannedHoursMessages as msg, type PlannedHoursGrid } from '@portal/contracts';
import { ApiError, errorMessage } from '../../lib/api';
import { useCanReadAudit, useCanWrite } from '../../lib/current-user';
import { AsOfBanner, AsOfControl, useAsOf } from '../../ui/as-of';
import { Button } from '../../ui/button';
import { ComboBox } from '../../ui/combo-box';
import { EmptyState, QueryLoadError, QueryState } from '../../ui/query-state';
import { Select } from '../../ui/select';
import { showToast } from '../../ui/toast';
import { DiscardChangesDialog, LeaveWithoutSavingGuard } from '../../ui/unsaved-changes';
import {
  exportPlannedHours,
  usePlannedHoursGrid,
  usePlanningProjects,
  useSavePlannedHours,
  type GridSelection,
} from './api/planned-hours-api';
import { PlanLegend } from './components/plan-comparison';
import { PlannedHoursTable } from './components/planned-hours-table';
import {
  changedDraftCount,
  checkDrafts,
  draftsOf,
  onLeave,
  monthChoices,
  problemOf,
  serverErrorsOf,
  type CellDrafts,
  type CellErrors,
} from './grid-drafts';
import { businessToday } from '../../lib/business-day';
import { Page } from '../../ui/page';
import { CheckedForm } from '../../ui/checked-form';
import './planned-hours.css';

/**
 * '/admin/planned-hours' (admins): choose a project (never one of client 4), a start month and an
 * end month; the grid of the project's roster by those months shows once all three are chosen and
 * its data has loaded, with plan against actual. Edit turns the cells into fields and Edit into
 * Save, which sends every changed cell at once. Export saves PlannedHours.xlsx.
 */
export function PlannedHoursPage() {
  const projects = usePlanningProjects();
  const [projectId, setProjectId] = useState<number | null>(null);
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [drafts, setDrafts] = useState<CellDrafts | null>(null);
  const [errors, setErrors] = useState<CellErrors>({});
  const [exporting, setExporting] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  // The cell whose zero entering cleared: Enter saves before the field is left, so it is 0 again here.
  const clearedZero = useRef<string | null>(null);
  const save = useSavePlannedHours();
  // An auditor (issue 11) reads the grid and exports it; no Edit.
  const canWrite = useCanWrite();
  const canReadAudit = useCanReadAudit();

  const rangeError = from && to && to < from ? msg.endBeforeStart : undefined;
  const selection: GridSelection | null =
    projectId !== null && from && to && !rangeError ? { projectId, from, to } : null;
  // A past view (?asOf=): the plans and roster as they stood then; nothing can be edited.
  const asOf = useAsOf();
  const grid = usePlannedHoursGrid(selection, asOf);
  const editing = drafts !== null;
  const months = monthChoices(businessToday());

  const changed = useMemo(
    () => (drafts && grid.data ? changedDraftCount(draftsOf(grid.data), drafts) : 0),
    [drafts, grid.data],
  );
  const changedText = changed === 1 ? '1 changed cell' : `${changed} changed cells`;

  function stopEditing() {
    setDrafts(null);
    setErrors({});
    setConfirmDiscard(false);
  }

  /** Cancel or Escape: leaves editing at once when nothing changed, else asks first. */
  function cancelEditing() {
    if (changed > 0) setConfirmDiscard(true);
    else stopEditing();
  }

  function startEditing(data: PlannedHoursGrid) {
    setErrors({});
    setDrafts(draftsOf(data));
  }

  function saveDrafts(data: PlannedHoursGrid) {
    if (!drafts || save.isPending) return;
    const zeroKey = clearedZero.current;
    const current = zeroKey && drafts[zeroKey] === '' ? { ...drafts, [zeroKey]: onLeave('', true) } : drafts;
    const checked = checkDrafts(data, current);
    if (!checked.ok) {
      setErrors(checked.errors);
      showToast(msg.saveFailed, 'danger');
      return;
    }
    if (checked.cells.length === 0) {
      showToast('No planned hours were changed.', 'info');
      stopEditing();
      return;
    }
    const request = { projectId: data.projectId, cells: checked.cells };
    save.mutate(request, {
      onSuccess: () => {
        showToast(msg.saved, 'success');
        stopEditing();
      },
      onError: (error) => {
        if (error instanceof ApiError) setErrors(serverErrorsOf(error.problems, request.cells));
        showToast(msg.saveFailed, 'danger');
      },
    });
  }

  async function exportGrid() {
    if (!selection) return;
    setExporting(true);
    try {
      await exportPlannedHours(selection);
    } catch (error) {
      showToast(errorMessage(error), 'danger');
    } finally {
      setExporting(false);
    }
  }

  const projectOptions = (projects.data ?? []).map((p) => ({
    id: p.projectId,
    name: p.isActive ? p.name : `${p.name} (inactive)`,
  }));

  return (
    <Page title="Project Planned Hours" className="planned-hours">
      {asOf ? <AsOfBanner screen="Project Planned Hours" asOf={asOf} /> : null}
      <QueryLoadError query={projects} what="projects" />
      {/* Disabled while the projects load, and while editing: a new selection would drop unsaved cells. */}
      <fieldset className="planned-hours__filters" disabled={editing || projects.isPending}>
        <legend className="visually-hidden">Grid selection</legend>
        <ComboBox
          label="Project"
          options={projectOptions}
          value={projectId}
          onChange={(key) => setProjectId(key === null ? null : Number(key))}
          placeholder={projects.isPending ? 'Loading projects…' : 'Type or choose a project'}
        />
        <Select
          label="Start month"
          options={months}
          value={from}
          onChange={(key) => setFrom(key === null ? null : String(key))}
          isDisabled={editing}
        />
        <Select
          label="End month"
          options={months}
          value={to}
          onChange={(key) => setTo(key === null ? null : String(key))}
          isDisabled={editing}
          errorMessage={rangeError}
        />
      </fieldset>
      {editing ? null : <AsOfControl key={asOf ?? 'now'} now={new Date()} />}
      <DiscardChangesDialog
        isOpen={confirmDiscard}
        message={`Are you sure you want to discard ${changedText}?`}
        onCancel={() => setConfirmDiscard(false)}
        onConfirm={stopEditing}
      />
      <LeaveWithoutSavingGuard
        when={changed > 0}
        message={`You have ${changedText}. Leave this page without saving them?`}
      />
      {selection === null ? (
        <EmptyState>
          {rangeError
            ? 'Choose an end month on or after the start month.'
            : 'Choose a project, a start month and an end month to see the planned hours.'}
        </EmptyState>
      ) : (
        <QueryState
          query={grid}
          what="planned hours"
          skeletonLines={6}
          isEmpty={(data) => data.people.length === 0}
          empty={
            <EmptyState action={<Link to="/empRoster">Open the Employee - Project Roster</Link>}>
              No one is on the roster of this project yet, so there is nobody to plan hours for.
            </EmptyState>
          }
        >
          {(data) => (
            <CheckedForm
              aria-label="Planned hours"
              onSubmit={() => saveDrafts(data)}
              onKeyDown={(event) => {
                if (editing && event.key === 'Escape' && !save.isPending && !confirmDiscard) {
                  event.preventDefault();
                  cancelEditing();
                }
                // Enter in a cell saves (the form has no submit button of its own).
                if (editing && event.key === 'Enter' && event.target instanceof HTMLInputElement) {
                  event.preventDefault();
                  saveDrafts(data);
                }
              }}
            >
              {asOf ? null : (
                <div className="planned-hours__actions">
                  {/* One button that is Edit, then Save (spec §4): the same element, so the click
                    that starts editing never lands on a Save put in its place. */}
                  {canWrite ? (
                    <Button
                      onPress={() => (editing ? saveDrafts(data) : startEditing(data))}
                      isPending={save.isPending}
                      isDisabled={!editing && grid.isFetching}
                    >
                      {editing ? 'Save' : 'Edit'}
                    </Button>
                  ) : null}
                  {editing ? (
                    <Button variant="secondary" onPress={cancelEditing} isDisabled={save.isPending}>
                      Cancel
                    </Button>
                  ) : (
                    <Button variant="secondary" onPress={() => void exportGrid()} isPending={exporting}>
                      Export
                    </Button>
                  )}
                </div>
              )}
              <PlanLegend />
              <PlannedHoursTable
                grid={data}
                drafts={drafts}
                errors={errors}
                isSaving={save.isPending}
                clearedZero={clearedZero}
                canReadAudit={canReadAudit && asOf === null}
                onDraftChange={(key, text) => {
                  setDrafts((current) => (current ? { ...current, [key]: text } : current));
                  setErrors((current) => ({ ...current, [key]: problemOf(text) }));
                }}
              />
            </CheckedForm>
          )}
        </QueryState>
      )}
    </Page>
  );
}

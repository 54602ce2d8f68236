import { useState } from 'react';
import {
  CALENDAR_MONTHS,
  isBusinessDate,
  isBusinessMonth,
  periodTitle,
  timesheetMessages,
  verificationPeriodChosen,
  verificationPeriodOfRange,
  verificationPeriods,
  type BillingCycle,
  type ProjectOption,
  type VerificationPeriod,
} from '@portal/contracts';
import { useProjectCycle } from './api/verify-review-queries';

export type SelectionMode = 'period' | 'range';

export interface InitialSelection {
  readonly projectId: number | null;
  readonly month: string | null;
}

/**
 * Reads `?projectId=12&month=2026-10` (links from the dashboard's tasks): `month` is a period's key,
 * a month ('YYYY-MM') or, for a weekly project, its week's Saturday ('YYYY-MM-DD').
 */
export function initialSelectionOf(params: URLSearchParams): InitialSelection {
  const projectId = Number(params.get('projectId'));
  const month = params.get('month');
  return {
    projectId: Number.isInteger(projectId) && projectId > 0 ? projectId : null,
    month: month && (isBusinessMonth(month) || isBusinessDate(month)) ? month : null,
  };
}

/**
 * Why Verify, the receipts and the invoice are off for a date range: they work on exactly one
 * period of the project's billing cycle (or, before a project is chosen, one calendar month).
 */
export function rangeActionsNote(
  cycle: BillingCycle | null,
  projectName: string | null,
  example: VerificationPeriod,
): string {
  const what = 'To verify, download the receipts or see the invoice';
  const sample = periodTitle(example);
  if (cycle === null || projectName === null) {
    return `${what}, choose dates that are exactly one calendar month, such as ${sample}, or choose a project to use its billing periods.`;
  }
  return `${projectName} bills by the ${cycle} cycle. ${what}, choose dates that are exactly one of its periods, such as ${sample}, or pick the period.`;
}

/**
 * What the verify page shows: a period or a date range inside the periods offered, and the project.
 * The periods are the chosen project's billing cycle (`cycle`; calendar months until a project and
 * its cycle are known). The actions (verify, receipts, invoice) work on one period: `actionPeriod`
 * is it, or null while the dates are not exactly one.
 */
export function useVerifySelection(
  today: string,
  latestDate: string | null,
  initial: InitialSelection,
  projects: { readonly data?: readonly ProjectOption[]; readonly isPending: boolean },
) {
  const [mode, setMode] = useState<SelectionMode>('period');
  // A period's key, or a month asked for by a link: it names a period of whichever cycle applies.
  const [chosenKey, setChosenKey] = useState<string | null>(initial.month);
  const [projectId, setProjectId] = useState<number | null>(initial.projectId);
  const [projectError, setProjectError] = useState<string | undefined>();
  const [custom, setCustom] = useState<{ start: string; end: string } | null>(null);

  const projectCycle = useProjectCycle(projectId, projects);
  const cycle = projectCycle.cycle;
  const periodsCycle = cycle ?? CALENDAR_MONTHS;
  const periods: VerificationPeriod[] = verificationPeriods(latestDate, today, periodsCycle);
  const period = verificationPeriodChosen(periods, periodsCycle, chosenKey);
  const window = { first: periods[periods.length - 1]!.start, last: periods[0]!.end };
  const range = mode === 'period' ? { start: period.start, end: period.end } : (custom ?? period);

  let rangeError: string | undefined;
  if (mode === 'range') {
    if (!isBusinessDate(range.start) || !isBusinessDate(range.end)) rangeError = 'Choose both dates.';
    else if (range.end < range.start) rangeError = timesheetMessages.endBeforeStart;
    else if (range.start < window.first || range.end > window.last)
      rangeError = `Choose dates from ${window.first} to ${window.last}.`;
  }
  const actionPeriod = rangeError
    ? null
    : mode === 'period'
      ? period
      : verificationPeriodOfRange(periodsCycle, range.start, range.end);

  return {
    periods,
    /** The project's billing cycle; null before a project (or its cycle) is known: calendar months. */
    cycle,
    /** The chosen project's cycle is still being asked for (its periods are not known yet). */
    cyclePending: projectCycle.isPending,
    window,
    mode,
    setMode: (next: SelectionMode) => {
      if (next === 'range' && custom === null) setCustom({ start: period.start, end: period.end });
      setMode(next);
    },
    period,
    setPeriod: (key: string) => setChosenKey(key),
    range,
    setRange: (next: { start: string; end: string }) => setCustom(next),
    rangeError,
    /** The period every action works on; null while the dates are not exactly one period. */
    actionPeriod,
    projectId,
    setProjectId: (id: number | null) => {
      setProjectId(id);
      if (id !== null) setProjectError(undefined);
    },
    projectError,
    /** Says 'Project is required.' beside the field when an action is asked for without one. */
    requireProject: (message: string): boolean => {
      if (projectId !== null) return true;
      setProjectError(message);
      return false;
    },
  };
}

export type VerifySelectionState = ReturnType<typeof useVerifySelection>;

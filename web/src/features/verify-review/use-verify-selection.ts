import { useState } from 'react';
import {
  isBusinessDate,
  monthOfRange,
  timesheetMessages,
  verificationPeriodOf,
  verificationPeriods,
  type VerificationPeriod,
} from '@portal/contracts';

export type SelectionMode = 'period' | 'range';

export interface InitialSelection {
  readonly projectId: number | null;
  readonly month: string | null;
}

/** Reads `?projectId=12&month=2026-10` (links from the dashboard's tasks). */
export function initialSelectionOf(params: URLSearchParams): InitialSelection {
  const projectId = Number(params.get('projectId'));
  const month = params.get('month');
  return {
    projectId: Number.isInteger(projectId) && projectId > 0 ? projectId : null,
    month: month && /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? month : null,
  };
}

/**
 * What the verify page shows: a period (one of the months offered) or a date range inside them,
 * and the project. The actions that work on a month (verify, receipts, invoice) need the
 * selection to lie in one month: `month` is that month, or null.
 */
export function useVerifySelection(today: string, latestDate: string | null, initial: InitialSelection) {
  const periods: VerificationPeriod[] = verificationPeriods(latestDate, today);
  const [mode, setMode] = useState<SelectionMode>('period');
  const [chosenMonth, setChosenMonth] = useState<string | null>(initial.month);
  const [projectId, setProjectId] = useState<number | null>(initial.projectId);
  const [projectError, setProjectError] = useState<string | undefined>();
  const [custom, setCustom] = useState<{ start: string; end: string } | null>(null);

  // A month asked for by a link but not offered falls back to the newest period.
  const period = periods.find((p) => p.key === chosenMonth) ?? periods[0]!;
  const window = { first: periods[periods.length - 1]!.start, last: periods[0]!.end };
  const range = mode === 'period' ? { start: period.start, end: period.end } : (custom ?? period);

  let rangeError: string | undefined;
  if (mode === 'range') {
    if (!isBusinessDate(range.start) || !isBusinessDate(range.end)) rangeError = 'Choose both dates.';
    else if (range.end < range.start) rangeError = timesheetMessages.endBeforeStart;
    else if (range.start < window.first || range.end > window.last)
      rangeError = `Choose dates from ${window.first} to ${window.last}.`;
  }
  const month = rangeError ? null : mode === 'period' ? period.key : monthOfRange(range.start, range.end);

  return {
    periods,
    window,
    mode,
    setMode: (next: SelectionMode) => {
      if (next === 'range' && custom === null) setCustom({ start: period.start, end: period.end });
      setMode(next);
    },
    period,
    setPeriod: (key: string) => setChosenMonth(key),
    range,
    setRange: (next: { start: string; end: string }) => setCustom(next),
    rangeError,
    /** The month every action works on; null while the dates span months or are not valid. */
    month,
    monthPeriod: month ? verificationPeriodOf(month) : null,
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

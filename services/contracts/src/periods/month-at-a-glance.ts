/** The employee dashboard's month at a glance (GET /api/me/month): one answer from the read models. */
import type { BusinessDate, BusinessMonth } from '../kernel/dates';
import type { BoardPeriod } from './board-periods';
import type { PeriodStateName } from './review';

/** Where a project's current billing period (the one holding today) stands. */
export interface MonthProjectState {
  readonly projectId: number;
  readonly projectName: string;
  /** The project's period holding today, as its billing cycle cuts it (decision 0241). */
  readonly period: BoardPeriod;
  readonly state: PeriodStateName;
}

export interface MonthAtAGlance {
  readonly month: BusinessMonth;
  readonly today: BusinessDate;
  /** Hours entered this month, any project, as a decimal string. */
  readonly hours: string;
  /** Expenses entered this month, claimed amounts summed per project currency (decimal strings). */
  readonly expenses: readonly { readonly currency: string; readonly claimed: string }[];
  /** Weekdays of this month before today without any time (holidays of either country excepted). */
  readonly missingDays: readonly BusinessDate[];
  /** Where each of the person's projects with rows in its current billing period stands. */
  readonly periods: readonly MonthProjectState[];
  readonly codeOfConductAcknowledgedAt: string | null;
  /** Onboarding checklist items ticked, of `onboardingTotal`. */
  readonly onboardingDone: number;
  readonly onboardingTotal: number;
  /** The next holidays (either country), from today on. */
  readonly upcomingHolidays: readonly {
    readonly date: BusinessDate;
    readonly name: string;
    readonly country: string;
  }[];
}

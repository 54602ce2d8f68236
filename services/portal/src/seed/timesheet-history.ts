import { Injectable, Optional, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  addDays,
  endOfMonth,
  mondayOfWeek,
  monthOf,
  startOfMonthOffset,
  timesheetBatchSchema,
  type BusinessDate,
  type DateWindow,
  type TimesheetBatchInput,
} from '@portal/contracts';
import { systemCaller } from '../platform/cqrs';
import { ProjectDirectory } from '../modules/catalog';
import { RosterQueries } from '../modules/roster';
import { StaffQueries } from '../modules/staff';
import { ApprovePeriod, VerifyPeriod } from '../modules/periods';
import { SubmitTimesheet } from '../modules/timesheets';
import { DemoSeedRegistry, type DemoSeedContext, type DemoSeedStep } from './demo-seed';
import { untilReadModelsShow } from './read-models-shown';

/** A person's usual week: which project, which weekdays (0 = Monday), hours and overtime. */
interface WeekPlan {
  readonly projectId: number;
  readonly subProjectId: number | null;
  readonly weekdays: readonly number[];
  readonly hours: string;
  readonly overtimeHours: string | null;
  readonly comment: string;
}

const PLANS: Readonly<Record<'carlos' | 'dana' | 'sam', readonly WeekPlan[]>> = {
  carlos: [
    {
      projectId: 12,
      subProjectId: null,
      weekdays: [0, 1, 2],
      hours: '8',
      overtimeHours: null,
      comment: 'Pipeline inspection',
    },
    {
      projectId: 45,
      subProjectId: 14,
      weekdays: [3],
      hours: '7.5',
      overtimeHours: null,
      comment: 'Signalling design review',
    },
    {
      projectId: 61,
      subProjectId: null,
      weekdays: [4],
      hours: '8',
      overtimeHours: '2',
      comment: 'Field crew support',
    },
  ],
  dana: [
    {
      projectId: 18,
      subProjectId: null,
      weekdays: [0, 1, 2, 3],
      hours: '7.5',
      overtimeHours: null,
      comment: 'ERP configuration',
    },
    {
      projectId: 45,
      subProjectId: 64,
      weekdays: [4],
      hours: '6',
      overtimeHours: '1.5',
      comment: 'Night shift handover',
    },
  ],
  sam: [
    {
      projectId: 21,
      subProjectId: null,
      weekdays: [0, 1, 2, 3, 4],
      hours: '8',
      overtimeHours: null,
      comment: 'Playout automation',
    },
    {
      projectId: 22,
      subProjectId: null,
      weekdays: [4],
      hours: '1',
      overtimeHours: '2',
      comment: 'Archive checks',
    },
  ],
};

/**
 * The days the demo time history covers on `today`: from the first of the month two months back
 * to the Sunday before this week's Monday (the running week is left for the person to enter).
 */
export function timesheetHistoryWindow(today: BusinessDate): DateWindow {
  return { first: startOfMonthOffset(today, -2), last: addDays(mondayOfWeek(today), -1) };
}

/**
 * Demo history: two months back to the end of last week (`timesheetHistoryWindow`) for Carlos, Dana and Sam, entered week by week as if
 * each Friday (so none is late and no admin e-mail is sent), sent on the CommandBus as the portal
 * itself (`systemCaller`) for each person's ledger: the same commands, checks and rules as a
 * person's request. Carlos verified project 12 for the oldest month (locked) and an admin
 * approved his oldest month (ApprovePeriod per project, which also e-mails him).
 *
 * The commands check the project, roster and person against the read models, so the step first
 * waits until those show the organisation the seed has just written (the projector runs already:
 * app.module lists the platform before the seed).
 */
@Injectable()
export class TimesheetHistorySeedStep implements DemoSeedStep, OnModuleInit {
  readonly name = 'timesheet-history';

  constructor(
    private readonly commands: CommandBus,
    private readonly projects: ProjectDirectory,
    private readonly roster: RosterQueries,
    private readonly staff: StaffQueries,
    @Optional() private readonly registry?: DemoSeedRegistry,
  ) {}

  onModuleInit(): void {
    this.registry?.register(this);
  }

  async run(seed: DemoSeedContext): Promise<void> {
    await this.organisationVisible(seed);
    const today = seed.today;
    const { first, last } = timesheetHistoryWindow(today);

    for (const [who, plans] of Object.entries(PLANS) as [keyof typeof PLANS, readonly WeekPlan[]][]) {
      const person = seed.people[who];
      for (let monday = mondayOfWeek(first); monday <= last; monday = addDays(monday, 7)) {
        const friday = addDays(monday, 4);
        for (const [index, plan] of plans.entries()) {
          const dates = plan.weekdays.map((d) => addDays(monday, d)).filter((d) => d >= first && d <= last);
          if (dates.length === 0) continue;
          const input: TimesheetBatchInput = {
            projectId: plan.projectId,
            subProjectId: plan.subProjectId,
            items: dates.map((date) => ({
              date,
              hours: plan.hours,
              overtimeHours: plan.overtimeHours,
              comment: plan.comment,
            })),
            confirmLate: false,
          };
          const base = seed.command(`timesheets-${person.staffId}-${monday}-${index}`);
          // Entered on the Friday of its week: on time, not late.
          const enteredAt = new Date(`${friday}T17:00:00.000Z`);
          const caller = systemCaller({ ...base, now: enteredAt });
          await this.commands.execute(
            new SubmitTimesheet(caller, timesheetBatchSchema.parse(input), person.staffId),
          );
        }
      }
    }

    const oldestMonth = monthOf(first);
    const carlos = seed.people.carlos.staffId;
    const verifying = systemCaller(seed.command(`timesheets-verify-${carlos}-${oldestMonth}-12`));
    await this.commands.execute(new VerifyPeriod(verifying, oldestMonth, 12, carlos));
    // An admin approved his oldest month: every project he entered time for.
    for (const projectId of new Set(PLANS.carlos.map((plan) => plan.projectId))) {
      const approving = systemCaller(
        seed.command(`timesheets-approve-${carlos}-${oldestMonth}-${projectId}`),
      );
      const start = `${oldestMonth}-01`;
      await this.commands.execute(
        new ApprovePeriod(approving, { employeeId: carlos, projectId, start, end: endOfMonth(start) }),
      );
    }
  }

  /**
   * Waits until the read models the commands check show what the history needs (the people, the
   * projects, the roster), which the seed wrote moments ago and the projector applies on its own.
   */
  private organisationVisible(seed: DemoSeedContext): Promise<void> {
    return untilReadModelsShow('The demo timesheet history needs', () => this.knowsOrganisation(seed));
  }

  private async knowsOrganisation(seed: DemoSeedContext): Promise<boolean> {
    for (const [who, plans] of Object.entries(PLANS) as [keyof typeof PLANS, readonly WeekPlan[]][]) {
      const { staffId } = seed.people[who];
      if (!(await this.staff.get(staffId))) return false;
      for (const plan of plans) {
        if (!(await this.roster.canBill(staffId, plan.projectId))) return false;
        for (const projectId of [plan.projectId, plan.subProjectId]) {
          if (projectId !== null && !(await this.projects.get(projectId))) return false;
        }
      }
    }
    return true;
  }
}

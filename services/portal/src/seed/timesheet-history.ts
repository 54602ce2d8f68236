import { Injectable, Optional, type OnModuleInit } from '@nestjs/common';
import {
  addDays,
  businessDateOf,
  mondayOfWeek,
  monthOf,
  startOfMonthOffset,
  timesheetBatchSchema,
  timesheetMessages as msg,
  type ProjectFacts,
  type TimesheetBatchInput,
} from '@portal/contracts';
import { deriveEventId } from '../platform/event-store/command-context';
import { EventStore } from '../platform/event-store/event-store.port';
import { eventMetadata } from '../platform/event-store/command-context';
import { SubmitTimesheetHandler } from '../modules/timesheets/commands/submit-timesheet';
import { VerifyPeriodHandler } from '../modules/timesheets/commands/verify-period';
import { ledgerStreamId } from '../modules/timesheets/domain/ledger';
import { DemoSeedRegistry, type DemoSeedContext, type DemoSeedStep } from './demo-seed';

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
 * Demo history: two months back to yesterday for Carlos, Dana and Sam, entered week by week as if
 * each Friday (so none is late and no admin e-mail is sent), through the real submit command with
 * the demo organisation's facts (the seed runs before the projections catch up). Carlos verified
 * project 12 for the oldest month (locked) and an admin approved his oldest month.
 */
@Injectable()
export class TimesheetHistorySeedStep implements DemoSeedStep, OnModuleInit {
  readonly name = 'timesheet-history';

  constructor(
    private readonly submit: SubmitTimesheetHandler,
    private readonly verify: VerifyPeriodHandler,
    private readonly store: EventStore,
    @Optional() private readonly registry?: DemoSeedRegistry,
  ) {}

  onModuleInit(): void {
    this.registry?.register(this);
  }

  async run(seed: DemoSeedContext): Promise<void> {
    const today = businessDateOf(seed.now);
    const first = startOfMonthOffset(today, -2);
    const facts = new Map<number, ProjectFacts>(
      seed.projects.map((p) => [
        p.projectId,
        { projectId: p.projectId, name: p.name, ownerId: p.ownerId, isActive: p.isActive },
      ]),
    );
    const oldestEntries: string[] = [];

    for (const [who, plans] of Object.entries(PLANS) as [keyof typeof PLANS, readonly WeekPlan[]][]) {
      const person = seed.people[who];
      for (let monday = mondayOfWeek(first); monday < mondayOfWeek(today); monday = addDays(monday, 7)) {
        const friday = addDays(monday, 4);
        for (const [index, plan] of plans.entries()) {
          const dates = plan.weekdays.map((d) => addDays(monday, d)).filter((d) => d >= first && d < today);
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
          const project = facts.get(plan.projectId)!;
          const allowed = seed.roster.some(
            (r) => r.employeeId === person.staffId && r.projectId === plan.projectId,
          );
          const base = seed.command(`timesheets-${person.staffId}-${monday}-${index}`);
          // Entered on the Friday of its week (or now, for the running week): on time, not late.
          const enteredAt = friday < today ? new Date(`${friday}T17:00:00.000Z`) : seed.now;
          const result = await this.submit.record(
            person.staffId,
            timesheetBatchSchema.parse(input),
            {
              project,
              subProject: plan.subProjectId === null ? null : (facts.get(plan.subProjectId) ?? null),
              today: businessDateOf(enteredAt),
            },
            allowed ? [] : [{ path: 'projectId', message: msg.projectNotBillable }],
            { ...base, now: enteredAt },
          );
          if (who === 'carlos') {
            result.entryIds.forEach((id, i) => {
              if (monthOf(dates[i]) === monthOf(first)) oldestEntries.push(id);
            });
          }
        }
      }
    }

    const oldestMonth = monthOf(first);
    const carlos = seed.people.carlos.staffId;
    await this.verify.record(
      carlos,
      oldestMonth,
      12,
      seed.command(`timesheets-verify-${carlos}-${oldestMonth}-12`),
    );
    await this.approve(carlos, oldestMonth, oldestEntries, seed);
  }

  /** The approving command is a later issue; the demo appends its event directly. */
  private async approve(
    employeeId: number,
    month: string,
    entryIds: readonly string[],
    seed: DemoSeedContext,
  ) {
    if (entryIds.length === 0) return;
    const streamId = ledgerStreamId(employeeId, month);
    const context = seed.command(`timesheets-approve-${employeeId}-${month}`);
    const id = deriveEventId(context.commandId, streamId, 0);
    const existing = await this.store.readStream(streamId);
    if (existing.some((e) => e.id === id)) return;
    await this.store.append(
      streamId,
      [{ id, type: 'TimesheetsApproved', data: { entryIds }, metadata: eventMetadata(context) }],
      'any',
    );
  }
}

import { Injectable, Optional, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { monthsBetween, startOfMonthOffset, type PlannedCellInput } from '@portal/contracts';
import { ProjectDirectory } from '../modules/catalog';
import { SetPlannedHoursCommand } from '../modules/planning';
import { RosterQueries } from '../modules/roster';
import { DemoSeedRegistry, type DemoSeedContext, type DemoSeedStep } from './demo-seed';
import { untilReadModelsShow } from './read-models-shown';

/** The demo plan: Pipeline Integrity Review (project 12), two months back to three ahead. */
const PROJECT_ID = 12;
const MONTHLY_HOURS: Readonly<Record<'carlos' | 'dana', number>> = { carlos: 96, dana: 40 };

/**
 * Demo planned hours, sent as one SetPlannedHoursCommand by the portal itself: Carlos (who
 * records about 24 hours a week on the project, so his plan against actual is close) and Dana
 * (who records none there, so she shows under plan). Her plan for the last month is left blank.
 * Waits until the read models show the project and its roster, which the save checks.
 */
@Injectable()
export class PlannedHoursSeedStep implements DemoSeedStep, OnModuleInit {
  readonly name = 'planned-hours';

  constructor(
    private readonly commands: CommandBus,
    private readonly projects: ProjectDirectory,
    private readonly roster: RosterQueries,
    @Optional() private readonly registry?: DemoSeedRegistry,
  ) {}

  onModuleInit(): void {
    this.registry?.register(this);
  }

  async run(seed: DemoSeedContext): Promise<void> {
    const people = [seed.people.carlos.staffId, seed.people.dana.staffId];
    await this.projectVisible(people);
    const today = seed.today;
    const months = monthsBetween(
      startOfMonthOffset(today, -2).slice(0, 7),
      startOfMonthOffset(today, 3).slice(0, 7),
    );
    const cells: PlannedCellInput[] = months.flatMap((month, index) => [
      { employeeId: seed.people.carlos.staffId, month, plannedHours: MONTHLY_HOURS.carlos },
      ...(index < months.length - 1
        ? [{ employeeId: seed.people.dana.staffId, month, plannedHours: MONTHLY_HOURS.dana }]
        : []),
    ]);
    await this.commands.execute(
      new SetPlannedHoursCommand(seed.caller(`planned-hours-${PROJECT_ID}`), PROJECT_ID, cells),
    );
  }

  private projectVisible(people: readonly number[]): Promise<void> {
    return untilReadModelsShow('The demo planned hours need', async () => {
      const project = await this.projects.get(PROJECT_ID);
      const rostered = new Set(await this.roster.employeesAllowedOn(PROJECT_ID));
      return Boolean(project) && people.every((id) => rostered.has(id));
    });
  }
}

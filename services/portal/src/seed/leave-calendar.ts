import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { addDays, SECOND_ORGANISATION_OWNER_ID, type LeaveDetails } from '@portal/contracts';
import type { Principal } from '../platform/auth/principal';
import type { Caller } from '../platform/cqrs';
import { RequestLeaveCommand } from '../modules/leave';
import type { DemoSeedContext, DemoSeedStep } from './demo-seed';

type DemoPerson = DemoSeedContext['people'][keyof DemoSeedContext['people']];

/** The person themself as the caller (leave is always one's own), under the seed's command context. */
function asPerson(context: DemoSeedContext, person: DemoPerson, key: string): Caller {
  const principal: Principal = {
    staffId: person.staffId,
    name: `${person.firstName} ${person.lastName}`,
    username: person.username,
    isAdmin: false,
    userType: person.ownerId === SECOND_ORGANISATION_OWNER_ID ? 'sightstream' : 'default',
    canEditRoster: false,
    needReceipt: false,
  };
  return { principal, context: context.command(key) };
}

/**
 * Leave coming up for two people (one of each organisation), so Team Leave and their timesheet
 * calendars show something on a fresh start. Dates follow "now"; a second run records nothing (the
 * leave id derives from the command id).
 */
@Injectable()
export class LeaveCalendarSeedStep implements DemoSeedStep {
  readonly name = 'leave-calendar';

  constructor(private readonly commands: CommandBus) {}

  async run(context: DemoSeedContext): Promise<void> {
    const today = context.today;
    const leave: [DemoPerson, LeaveDetails][] = [
      [
        context.people.bruno,
        {
          leaveType: 'Vacation',
          fromDate: addDays(today, 7),
          toDate: addDays(today, 11),
          notes: 'Family visit',
        },
      ],
      [
        context.people.priya,
        {
          leaveType: 'Work From Home',
          fromDate: addDays(today, 3),
          toDate: addDays(today, 3),
          notes: 'Studio closed for maintenance',
        },
      ],
    ];
    for (const [index, [person, details]] of leave.entries()) {
      await this.commands.execute(
        new RequestLeaveCommand(asPerson(context, person, `leave-${index + 1}`), details),
      );
    }
  }
}

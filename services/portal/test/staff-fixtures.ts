import { CommandBus } from '@nestjs/cqrs';
import { ChangeStaffAccessCommand } from '../src/modules/staff';
import { StaffDirectory } from '../src/platform/auth/principal';
import type { Caller } from '../src/platform/cqrs';
import type { TestApp } from './app-harness';

/**
 * Makes someone an admin the way the staff screens do (ChangeStaffAccessCommand sent by an admin),
 * then waits for the read models: e.g. the demo's sightstream Priya as a sightstream admin.
 */
export async function grantAdmin(
  t: TestApp,
  byAdmin: number,
  staffId: number,
  commandId: string,
): Promise<void> {
  const admin = await t.app.get(StaffDirectory).findById(byAdmin);
  if (!admin) throw new Error(`no staff member ${byAdmin} to grant admin access`);
  const caller: Caller = {
    principal: admin,
    context: {
      actor: { id: String(byAdmin), name: admin.name },
      commandId,
      correlationId: commandId,
      causationId: null,
      now: t.clock.now(),
    },
  };
  await t.app.get(CommandBus).execute(new ChangeStaffAccessCommand(caller, { staffId, isAdmin: true }));
  await t.projectionsCaughtUp();
}

import { CommandBus } from '@nestjs/cqrs';
import { ChangeStaffAccessCommand } from '../src/modules/staff';
import { StaffDirectory } from '../src/platform/auth/principal';
import type { Caller } from '../src/platform/cqrs';
import type { HttpAnswer, TestApp } from './app-harness';
import { appendDirectly } from './event-log';

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

/**
 * Deactivates a person straight in the log (StaffAccessChanged, occurred at `now`), as an admin's
 * change after they signed in would, then waits for the read models. The token they hold is not
 * ended: what refuses them is the staff record the guard reads.
 */
export async function deactivateDirectly(t: TestApp, now: string, staffId: number): Promise<void> {
  await appendDirectly(t, now, {
    streamId: `staff-${staffId}`,
    type: 'StaffAccessChanged',
    data: { staffId, isActive: false },
    key: `deactivate-${staffId}`,
  });
}

/** The answer to a person who may not sign in (any more): 403 with the sign-in refusal. */
export function expectNotAllowedToSignIn(answer: HttpAnswer): void {
  expect(answer.status).toBe(403);
  expect(answer.body.message).toBe('User is not allowed to login.');
}

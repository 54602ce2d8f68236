import { CommandBus } from '@nestjs/cqrs';
import { systemCaller } from '../src/platform/cqrs';
import { RegisterOwnerCommand } from '../src/modules/catalog';
import { RegisterStaffMemberCommand } from '../src/modules/staff';
import { DEMO_OWNERS, DEMO_PEOPLE } from '../src/seed/demo-data';
import type { TestApp } from './app-harness';

/**
 * An empty portal's owners and people, as the demo names them (the staff import is not there yet):
 * registered through the same commands the demo seed sends; Alice (1) is an admin who edits the roster.
 */
export async function registerDemoOwnersAndPeople(t: TestApp): Promise<void> {
  const bus = t.app.get(CommandBus);
  const caller = (what: string) =>
    systemCaller({
      actor: { id: 'system', name: 'Test set-up' },
      commandId: `test-setup-${what}`,
      correlationId: `test-setup-${what}`,
      causationId: null,
      now: t.clock.now(),
    });
  for (const owner of DEMO_OWNERS)
    await bus.execute(new RegisterOwnerCommand(caller(`owner-${owner.ownerId}`), owner));
  for (const person of Object.values(DEMO_PEOPLE))
    await bus.execute(new RegisterStaffMemberCommand(caller(`staff-${person.staffId}`), person));
  await t.projectionsCaughtUp();
}

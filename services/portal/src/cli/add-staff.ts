import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { splitPersonName } from '@portal/contracts';
import { openRegisteredApp } from '../app/registered';
import { DomainError } from '../kernel/domain-error';
import { RegisterOwnerCommand } from '../modules/catalog';
import { AddStaffMemberCommand } from '../modules/staff';
import { clockFor } from '../platform/clock/clock';
import { systemCaller, type Caller } from '../platform/cqrs';
import { loadCliConfig } from './cli-config';

const USAGE = `Usage: npm run staff:add -- --email <work e-mail> --name "<first> [middle] <last>" [--admin]
                         [--owner <owner id, default 1>] [--owner-name "<organisation>"]
                         [--start-date YYYY-MM-DD]

Adds a person who may sign in with that e-mail (Entra ID, or the development sign-in). --admin
makes them an admin: the first admin of a new portal is made this way. --owner-name registers the
owner first when the portal has none of that id yet (an empty portal has no owner). --start-date
records the day they start (optional), as Add staff member does.`;

/** The operator at the keyboard, as the actor of the events this tool appends. */
function operatorCaller(now: Date): Caller {
  const who = userInfo().username || 'unknown';
  return systemCaller({
    actor: { id: `operator:${who}`, name: `Operator ${who} (npm run staff:add)` },
    commandId: randomUUID(),
    correlationId: randomUUID(),
    causationId: null,
    now,
  });
}

function problemText(error: unknown): string {
  if (error instanceof DomainError) {
    const fields = error.problems.map((p) => `  ${p.path}: ${p.message}`);
    return fields.length > 0 ? `Refused:\n${fields.join('\n')}` : `Refused: ${error.message}`;
  }
  return `Failed: ${error instanceof Error ? error.message : String(error)}`;
}

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        admin: { type: 'boolean', default: false },
        owner: { type: 'string', default: '1' },
        'owner-name': { type: 'string' },
        'start-date': { type: 'string' },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    }).values;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  const names = splitPersonName(args.name ?? '');
  const ownerId = /^\d{1,9}$/.test(args.owner) ? Number(args.owner) : NaN;
  const missing = [
    !args.email && '--email is required',
    !names && '--name needs a first and a last name',
    !(ownerId > 0) && '--owner must be an owner id',
  ].filter(Boolean);
  if (missing.length > 0 || !names) {
    console.error(`${missing.join('\n')}\n\n${USAGE}`);
    return 2;
  }
  const config = loadCliConfig();
  if (!config) return 1;
  const app = await openRegisteredApp(config);
  const clock = clockFor(config.pinnedNow);
  try {
    if (args['owner-name']) {
      try {
        await app.commands.execute(
          new RegisterOwnerCommand(operatorCaller(clock.now()), { ownerId, name: args['owner-name'] }),
        );
        console.log(`Registered owner ${ownerId}: ${args['owner-name']}`);
      } catch (error) {
        // An owner of that id already: the person joins it.
        if (!(error instanceof DomainError && error.code === 'conflict')) throw error;
      }
    }
    const { staffId } = await app.commands.execute(
      new AddStaffMemberCommand(operatorCaller(clock.now()), {
        username: args.email!,
        ...names,
        ownerId,
        isAdmin: args.admin,
        startDate: args['start-date'] ?? null,
      }),
    );
    console.log(`Added ${args.email} as staff member ${staffId}${args.admin ? ', an admin' : ''}.`);
    return 0;
  } catch (error) {
    console.error(problemText(error));
    return 1;
  } finally {
    await app.close();
  }
}

void main().then((code) => process.exit(code));

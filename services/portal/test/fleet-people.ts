// Fixed dates: people registered at a given instant for the portal fleet (scale-out.int-spec.ts).
import { SECOND_ORGANISATION_OWNER_ID } from '@portal/contracts';
import { deriveEventId, eventMetadata } from '../src/platform/event-store/command-context';
import type { Database } from '../src/platform/database/database';
import { PostgresEventStore } from '../src/platform/event-store/postgres-event-store';
import { staffStreamId } from '../src/modules/staff';
import { registeredPerson } from '../src/modules/staff/domain/registered-fixture';
import { eventually } from './waiting';

/** Someone the scale-out test saves time for, and the one project the roster lets them bill. */
export interface FleetPerson {
  readonly staffId: number;
  readonly projectId: number;
}

/** Demo people (demo seed) and a project each is already on. */
const DEMO_PEOPLE: readonly FleetPerson[] = [
  { staffId: 1, projectId: 18 },
  { staffId: 3, projectId: 12 },
  { staffId: 4, projectId: 12 },
  { staffId: 5, projectId: 21 },
  { staffId: 6, projectId: 36 },
  { staffId: 8, projectId: 21 },
];

/** The first staff id of the people the test adds (the demo's ids stay below it). */
const FIRST_ADDED_ID = 101;
/** Active demo projects, by owner, the added people are rostered on in turn. */
const FIRST_OWNER_PROJECTS = [12, 14, 18, 30];
const SECOND_OWNER_PROJECTS = [21, 22];

function ownerOfAdded(index: number): number {
  // One in three works for the second organisation (its admins get their late-entry e-mails).
  return index % 3 === 2 ? SECOND_ORGANISATION_OWNER_ID : 1;
}

/**
 * `count` people: the demo's six, then people the test registers. A real month holds about fifty
 * entries per person; spreading the saves over one person per client keeps each ledger stream near
 * that size, where six people would carry thousands of entries a month each.
 */
export function fleetPeople(count: number): FleetPerson[] {
  const added = Array.from({ length: Math.max(0, count - DEMO_PEOPLE.length) }, (_, i) => {
    const projects = ownerOfAdded(i) === 1 ? FIRST_OWNER_PROJECTS : SECOND_OWNER_PROJECTS;
    return { staffId: FIRST_ADDED_ID + i, projectId: projects[i % projects.length] };
  });
  return [...DEMO_PEOPLE, ...added].slice(0, count);
}

/**
 * Registers the added people as the directory does (no portal route creates a person: they
 * arrive from Entra ID), then rosters them through the API as a roster editor would, and waits
 * until each can sign in.
 */
export async function addFleetPeople(
  db: Database,
  people: readonly FleetPerson[],
  baseUrl: string,
  signIn: (staffId: number) => Promise<string>,
): Promise<void> {
  const added = people.filter((p) => p.staffId >= FIRST_ADDED_ID);
  if (added.length === 0) return;
  const store = new PostgresEventStore(db, { notifications: null });
  const at = new Date('2026-11-01T09:00:00.000Z');
  for (const person of added) {
    const index = person.staffId - FIRST_ADDED_ID;
    const streamId = staffStreamId(person.staffId);
    const commandId = deriveEventId('fleet-directory', streamId, 0);
    const data = registeredPerson(person.staffId, ownerOfAdded(index), {
      username: `fleet.${person.staffId}@smartwork.example`,
      name: `Fleet Person ${person.staffId}`,
      firstName: 'Fleet',
      lastName: `Person ${person.staffId}`,
    });
    const metadata = eventMetadata({
      actor: { id: 'directory', name: 'Directory' },
      commandId,
      correlationId: commandId,
      causationId: null,
      now: at,
    });
    const id = deriveEventId(commandId, streamId, 0);
    await store.append(streamId, [{ id, type: 'StaffMemberRegistered', data, metadata }], 'no_stream');
  }
  // The staff read model knows the last of them: everyone can sign in.
  const last = added[added.length - 1].staffId;
  await eventually(() => signIn(last).catch(() => null), 60_000);

  // Alice (demo staff 1) is an admin of owner 1 and edits the roster of both organisations.
  const editor = await signIn(1);
  const answer = await fetch(`${baseUrl}/api/roster`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${editor}` },
    body: JSON.stringify({
      changes: added.map((p) => ({ employeeId: p.staffId, projectId: p.projectId, isAllowedToBill: true })),
    }),
  });
  if (answer.status !== 200 && answer.status !== 201) {
    throw new Error(`Rostering the fleet's people answered ${answer.status}: ${await answer.text()}`);
  }
}

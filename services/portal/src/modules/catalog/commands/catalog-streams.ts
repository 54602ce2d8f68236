import type { CommandContext } from '../../../platform/event-store/command-context';
import { runCommand, type Decider, type DomainEvent } from '../../../platform/event-store/decider';
import type { EventStore, LogPosition } from '../../../platform/event-store/event-store.port';
import {
  projectDecider,
  projectStreamId,
  type ProjectCommand,
  type ProjectReferences,
  type ProjectTerms,
} from '../domain/project';
import type { CatalogReferences } from './catalog-references';

/** Loads a catalog stream, decides, appends; answers where the last event landed (null: nothing new). */
export async function decideOn<S, C, E extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Decider<S, C, E>,
  command: C,
  context: CommandContext,
): Promise<LogPosition | null> {
  const outcome = await runCommand(store, streamId, decider, command, context);
  return outcome.position;
}

/** The same on `project-{id}`. */
export function decideOnProject(
  store: EventStore,
  projectId: number,
  command: ProjectCommand,
  context: CommandContext,
): Promise<LogPosition | null> {
  return decideOn(store, projectStreamId(projectId), projectDecider, command, context);
}

/** Whether the client and owner a command names exist (only those it names are looked up). */
export async function projectReferences(
  references: CatalogReferences,
  terms: Partial<ProjectTerms>,
): Promise<ProjectReferences> {
  const [clientExists, ownerExists] = await Promise.all([
    typeof terms.clientId === 'number' ? references.clientExists(terms.clientId) : true,
    typeof terms.ownerId === 'number' ? references.ownerExists(terms.ownerId) : true,
  ]);
  return { clientExists, ownerExists };
}

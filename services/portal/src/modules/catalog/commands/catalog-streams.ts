import type { CommandContext } from '../../../platform/event-store/command-context';
import { DomainError } from '../../../kernel/domain-error';
import {
  CONCURRENT_CHANGE_MESSAGE,
  runCommand,
  type Decider,
  type DomainEvent,
} from '../../../platform/event-store/decider';
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

/** How many taken ids a new registration steps over before giving up (a storm, never normal). */
const MAX_ID_ATTEMPTS = 50;

/**
 * Registers something under the next free id: from `first` (the read model's highest id + 1, a
 * hint that may lag), skipping ids whose stream already holds events (the log is the truth), and
 * trying again when another admin took the same id at the same moment (the decider's "already
 * exists" conflict). A stream this very command (the same command id: a retried request) already
 * opened is its own: answered again, nothing appended twice.
 */
export async function registerWithNextId(
  store: EventStore,
  first: number,
  commandId: string,
  streamOf: (id: number) => string,
  register: (id: number) => Promise<LogPosition | null>,
): Promise<{ id: number; result: LogPosition | null }> {
  let id = Math.max(1, first);
  for (let attempt = 0; attempt < MAX_ID_ATTEMPTS; attempt += 1) {
    const [opening] = await store.readStream(streamOf(id));
    if (opening) {
      if (opening.metadata.commandId === commandId) return { id, result: null };
      id += 1;
      continue;
    }
    try {
      return { id, result: await register(id) };
    } catch (error) {
      if (
        !(error instanceof DomainError) ||
        error.code !== 'conflict' ||
        !/already exists/.test(error.message)
      )
        throw error;
      // Taken meanwhile: the next round reads the stream again (perhaps our own first attempt).
    }
  }
  throw DomainError.conflict(CONCURRENT_CHANGE_MESSAGE);
}

import { randomUUID } from 'node:crypto';
import { Inject, Logger, type OnModuleDestroy } from '@nestjs/common';
import { CommandBus, CommandHandler } from '@nestjs/cqrs';
import {
  DIRECTORY_SYNC_ACTOR,
  directorySyncMessages,
  type DirectorySyncResult,
  type StaffUpdateRequest,
} from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';
import type { DatabaseHandle } from '../../../platform/database/database';
import { DATABASE_HANDLE } from '../../../platform/database/database.provider';
import { openLockSession, type LockSession } from '../../../platform/projection/advisory-locks';
import { ownerScopeOf } from '../../../kernel/owner-scope';
import {
  PortalCommand,
  PortalCommandHandler,
  Requires,
  systemCaller,
  type Caller,
} from '../../../platform/cqrs';
import {
  Directory,
  DirectoryBookmarkExpired,
  DirectoryUnavailable,
  type DirectoryPage,
  type DirectoryUser,
} from '../../../platform/directory/directory.port';
import type { CommandContext } from '../../../platform/event-store/command-context';
import { loadState, runCommand } from '../../../platform/event-store/decider';
import { EventStore } from '../../../platform/event-store/event-store.port';
import {
  changedAnything,
  decideDirectoryEntry,
  emptyTally,
  mergeEntries,
  tallyOf,
  type DirectoryDecision,
  type DirectoryTally,
  type DomainOwners,
} from '../domain/directory-sync';
import {
  DIRECTORY_SYNC_STREAM,
  directoryLinkDecider,
  directoryLinkStreamId,
  directorySyncDecider,
} from '../domain/directory-streams';
import { DirectoryFacts } from './directory-facts';
import { ChangeStaffUsernameCommand } from './change-staff-username';
import { RegisterStaffMemberCommand } from './register-staff-member';
import { StaffIdAllocator } from './staff-id-allocator';
import { UpdateStaffMemberCommand } from './update-staff-member';
import { inParallel } from '../../../kernel/in-parallel';

/** Who asked for a run in Staff Review (recorded with it); null for the scheduled job. */
export type DirectorySyncRequester = { readonly staffId: number; readonly name: string } | null;

/**
 * One run of directory sync (Staff Review's Sync from directory, and the scheduled job): reads the
 * directory's changes since the last recorded run, page by page, and sends for each user the
 * command its decision names (RegisterStaffMember under an id allocated with the page's other new
 * people, UpdateStaffMember), the directory as actor, the
 * run's correlation on every event. Only admins of every owner may run it (a sightstream admin's
 * scope is one organisation): 403. Not configured: 404. Graph failing: 503, and nothing recorded,
 * so the next run starts from the last recorded deltaLink again.
 */
@Requires('admin')
export class SyncStaffFromDirectoryCommand extends PortalCommand<DirectorySyncResult> {
  constructor(
    caller: Caller,
    readonly requestedBy: DirectorySyncRequester,
  ) {
    super(caller);
  }
}

/** Pages one run reads at most (a loop of links that never ends is a failure, not a hang). */
const MAX_PAGES = 10_000;
/** Users of a page decided and applied at the same time (each touches streams of its own). */
const PARALLEL_USERS = 8;
/** The advisory lock every process's run takes (the scheduled job's and a press of the button). */
export const DIRECTORY_SYNC_LOCK = 'directory-sync';

@CommandHandler(SyncStaffFromDirectoryCommand)
export class SyncStaffFromDirectoryHandler
  extends PortalCommandHandler<SyncStaffFromDirectoryCommand>
  implements OnModuleDestroy
{
  private readonly logger = new Logger('DirectorySync');
  /**
   * One run at a time across processes: a session-level advisory lock on a connection of its own
   * (PostgreSQL; PGlite is one process), and in this process a flag. A second run is 409.
   */
  private running = false;
  private locks: LockSession | null = null;

  constructor(
    @Inject(DATABASE_HANDLE) private readonly database: DatabaseHandle,
    private readonly store: EventStore,
    private readonly directory: Directory,
    private readonly commands: CommandBus,
    private readonly facts: DirectoryFacts,
    private readonly ids: StaffIdAllocator,
  ) {
    super();
  }

  protected async handle({
    caller,
    requestedBy,
  }: SyncStaffFromDirectoryCommand): Promise<DirectorySyncResult> {
    if (!this.directory.configured) throw DomainError.notFound(directorySyncMessages.notConfigured);
    if (ownerScopeOf(caller.principal) !== null)
      throw DomainError.forbidden(directorySyncMessages.wholeFirmOnly);
    if (this.running) throw DomainError.conflict(directorySyncMessages.running);
    this.running = true;
    this.locks ??= openLockSession(this.database, (error) =>
      this.logger.warn(`Lost the directory sync lock connection: ${String(error)}`),
    );
    const locks = this.locks;
    try {
      if (!(await locks.tryAcquire(DIRECTORY_SYNC_LOCK))) {
        this.running = false;
        throw DomainError.conflict(directorySyncMessages.running);
      }
    } catch (error) {
      this.running = false;
      throw error;
    }
    try {
      return await this.run(caller.context, requestedBy);
    } catch (error) {
      if (error instanceof DomainError && (error.code === 'validation' || error.code === 'conflict')) {
        // A person's command refused on a stream another writer (a run in another process, an
        // admin) changed meanwhile, e.g. an address taken between the facts and the registration.
        this.logger.warn(`Directory sync stopped, nothing recorded: ${error.message}`);
        throw DomainError.conflict(directorySyncMessages.raced);
      }
      if (!(error instanceof DirectoryUnavailable)) throw error;
      this.logger.warn(`Directory sync failed, nothing recorded: ${error.message}`);
      throw DomainError.unavailable(directorySyncMessages.unavailable);
    } finally {
      await locks.release(DIRECTORY_SYNC_LOCK);
      this.running = false;
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.locks?.close();
  }

  private async run(
    asked: CommandContext,
    requestedBy: DirectorySyncRequester,
  ): Promise<DirectorySyncResult> {
    // The directory acts; the run's correlation is the request's (or the job's), caused by its
    // command. Each run's command ids are its own: a run is decided afresh, never replayed.
    const context: CommandContext = {
      ...asked,
      actor: DIRECTORY_SYNC_ACTOR,
      commandId: `directory-sync:${randomUUID()}`,
      causationId: asked.commandId,
    };
    const { state } = await loadState(this.store, DIRECTORY_SYNC_STREAM, directorySyncDecider);
    const domains = await this.facts.domainOwners();
    const tally = emptyTally();
    const awaiting = new Set<string>();
    // Users an earlier run left waiting for their owner: read whole again first (record 0275).
    const waited = await inParallel(state.awaitingOwner, PARALLEL_USERS, async (id) => {
      return (await this.directory.readUser(id)) ?? { id, removed: true };
    });
    this.count(await this.applyPage(waited, domains, context), tally, awaiting);
    let deltaLink: string;
    try {
      deltaLink = await this.readAll(state.deltaLink, domains, context, tally, awaiting);
    } catch (error) {
      if (!(error instanceof DirectoryBookmarkExpired) || state.deltaLink === null) throw error;
      // Too old for Graph: everyone again from the start (what was applied is applied again as a no-op).
      this.logger.warn(`Directory sync starts over: ${error.message}`);
      deltaLink = await this.readAll(null, domains, context, tally, awaiting);
    }
    const awaitingOwner = [...awaiting].sort();
    if (changedAnything(tally) || awaitingOwner.join() !== [...state.awaitingOwner].sort().join())
      await runCommand(
        this.store,
        DIRECTORY_SYNC_STREAM,
        directorySyncDecider,
        { type: 'RecordDirectorySync', data: { ...tally, deltaLink, requestedBy, awaitingOwner } },
        context,
      );
    return { ...tally };
  }

  /** Tallies decisions; a user waiting for their owner is kept for the next runs, any other decided. */
  private count(decisions: readonly DirectoryDecision[], tally: DirectoryTally, awaiting: Set<string>): void {
    for (const decision of decisions) {
      tally[tallyOf(decision)]++;
      if (decision.kind === 'ignore' && decision.awaitingOwner) awaiting.add(decision.directoryId);
      else awaiting.delete(decision.directoryId);
    }
  }

  /** Every page from `link` to the last; applies each page's users; answers the last page's deltaLink. */
  private async readAll(
    link: string | null,
    domains: DomainOwners,
    context: CommandContext,
    tally: DirectoryTally,
    awaiting: Set<string>,
  ): Promise<string> {
    let next = link;
    for (let pages = 0; pages < MAX_PAGES; pages++) {
      const page: DirectoryPage = await this.directory.readPage(next);
      this.count(await this.applyPage(page.users, domains, context), tally, awaiting);
      if (page.deltaLink !== null) return page.deltaLink;
      next = page.nextLink;
    }
    throw new DirectoryUnavailable(`Graph's delta read went past ${MAX_PAGES} pages`);
  }

  /**
   * Decides each user of the page on fresh facts, gives the new people their ids at once, then
   * applies. An entry naming only what changed (no userPrincipalName) of a user tied to no one is
   * read whole first (`GET /users/{id}`): without its address it could be no one (record 0275).
   */
  private async applyPage(
    users: readonly DirectoryUser[],
    domains: DomainOwners,
    context: CommandContext,
  ): Promise<DirectoryDecision[]> {
    const entries = mergeEntries(users);
    const decisions = await inParallel(entries, PARALLEL_USERS, async (entry) => {
      const facts = await this.facts.of(entry);
      if (entry.removed || entry.userPrincipalName !== undefined || facts.linked !== null)
        return decideDirectoryEntry(entry, facts, domains);
      const whole: DirectoryUser = (await this.directory.readUser(entry.id)) ?? {
        id: entry.id,
        removed: true,
      };
      return decideDirectoryEntry(whole, await this.facts.of(whole), domains);
    });
    const created = decisions.filter((d) => d.kind === 'create');
    const ids =
      created.length > 0
        ? await this.ids.allocate(created.length, this.step(context, 'ids', randomUUID()))
        : [];
    const idOf = new Map(created.map((decision, n) => [decision.directoryId, ids[n]!]));
    await inParallel(decisions, PARALLEL_USERS, (decision) =>
      this.apply(decision, idOf.get(decision.directoryId), context),
    );
    return decisions;
  }

  /** Sends what the decision names: a registration and its tie, or the tie and the change. */
  private async apply(
    decision: DirectoryDecision,
    staffId: number | undefined,
    context: CommandContext,
  ): Promise<void> {
    const caller = (step: string) => systemCaller(this.step(context, decision.directoryId, step));
    if (decision.kind === 'create') {
      const person = { ...decision.person, staffId: staffId! };
      await this.commands.execute(new RegisterStaffMemberCommand(caller('register'), person));
      await this.link(decision.directoryId, person.staffId, context);
    } else if (decision.kind === 'change') {
      if (decision.link) await this.link(decision.directoryId, decision.staffId, context);
      if (decision.username)
        await this.commands.execute(
          new ChangeStaffUsernameCommand(caller('address'), decision.staffId, decision.username),
        );
      const change: StaffUpdateRequest = {
        ...decision.names,
        ...decision.profile,
        ...(decision.deactivate ? { isActive: false } : {}),
        ...(decision.reactivate ? { isActive: true } : {}),
      };
      // Deactivating ends the person's sessions, as an admin's Delete does.
      if (Object.keys(change).length > 0)
        await this.commands.execute(new UpdateStaffMemberCommand(caller('update'), decision.staffId, change));
    }
  }

  private step(context: CommandContext, ...parts: string[]): CommandContext {
    return { ...context, commandId: [context.commandId, ...parts].join(':') };
  }

  private async link(directoryId: string, staffId: number, context: CommandContext): Promise<void> {
    await runCommand(
      this.store,
      directoryLinkStreamId(directoryId),
      directoryLinkDecider,
      { type: 'LinkDirectoryUser', data: { directoryId, staffId } },
      this.step(context, directoryId, 'link'),
    );
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { DIRECTORY_SYNC_ACTOR, SECOND_ORGANISATION_OWNER_ID } from '@portal/contracts';
import type { PortalConfig } from '../../../platform/config/config';
import { PORTAL_CONFIG } from '../../../platform/config/config.provider';
import { loadState } from '../../../platform/event-store/decider';
import { EventStore, type RecordedEvent } from '../../../platform/event-store/event-store.port';
import { CatalogReferences } from '../../catalog';
import {
  usernameOf,
  type DirectoryEntry,
  type DomainOwners,
  type EntryFacts,
  type KnownPerson,
} from '../domain/directory-sync';
import { directoryLinkDecider, directoryLinkStreamId } from '../domain/directory-streams';
import { staffDecider, staffStreamId, type StaffEvent } from '../domain/staff-member';
import { usernameDecider, usernameStreamId } from '../domain/username-reservation';

/**
 * What directory sync decides on, read from the log (never a read model that may lag behind the
 * sync's own writes): the person a directory user is tied to, the one holding their address, and
 * which owner each allowed sign-in domain's new people belong to.
 */
@Injectable()
export class DirectoryFacts {
  constructor(
    private readonly store: EventStore,
    private readonly catalog: CatalogReferences,
    @Inject(PORTAL_CONFIG) private readonly config: PortalConfig,
  ) {}

  async of(entry: DirectoryEntry): Promise<EntryFacts> {
    const link = await loadState(this.store, directoryLinkStreamId(entry.id), directoryLinkDecider);
    if (link.state.staffId !== null) {
      const linked = await this.person(link.state.staffId);
      const address = entry.removed ? null : usernameOf(entry);
      if (!linked || address === null || address === linked.username) return { linked, byUsername: null };
      const holder = await loadState(this.store, usernameStreamId(address), usernameDecider);
      return { linked, byUsername: null, addressHeldBy: holder.state.heldBy };
    }
    const username = entry.removed ? null : usernameOf(entry);
    if (username === null) return { linked: null, byUsername: null };
    const holder = await loadState(this.store, usernameStreamId(username), usernameDecider);
    const heldBy = holder.state.heldBy;
    return { linked: null, byUsername: heldBy === null ? null : await this.person(heldBy) };
  }

  /**
   * The allowed sign-in domains in their order (ALLOWED_SIGN_IN_DOMAINS): the first one's people
   * belong to owner 1, the second's to owner 2 (the sister organisation); a domain whose owner is
   * not registered yet maps to null (its people wait for it); any further one is left out (ignored).
   */
  async domainOwners(): Promise<DomainOwners> {
    const owners = new Map<string, number | null>();
    const [first, second] = this.config.allowedSignInDomains;
    const candidates: [string | undefined, number][] = [
      [first, 1],
      [second, SECOND_ORGANISATION_OWNER_ID],
    ];
    for (const [domain, ownerId] of candidates)
      if (domain) owners.set(domain, (await this.catalog.ownerExists(ownerId)) ? ownerId : null);
    return owners;
  }

  private async person(staffId: number): Promise<KnownPerson | null> {
    const events = await this.store.readStream(staffStreamId(staffId));
    let state = staffDecider.initialState();
    for (const event of events) state = staffDecider.evolve(state, event as unknown as StaffEvent);
    if (!state.registered) return null;
    const { name, firstName, middleName, lastName, jobTitle, department } = state.profile;
    return {
      staffId,
      username: state.username,
      name,
      firstName,
      middleName,
      lastName,
      jobTitle,
      department,
      isActive: state.access.isActive,
      deactivatedByDirectory: lastDeactivationWasTheDirectory(events),
    };
  }
}

/** Whether the last `StaffAccessChanged` that set `isActive` set it false, with the directory as actor. */
function lastDeactivationWasTheDirectory(events: readonly RecordedEvent[]): boolean {
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]!;
    const isActive = (event.data as { isActive?: unknown } | null)?.isActive;
    if (event.type !== 'StaffAccessChanged' || typeof isActive !== 'boolean') continue;
    return !isActive && event.metadata.actor.id === DIRECTORY_SYNC_ACTOR.id;
  }
  return false;
}

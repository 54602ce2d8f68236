import { timesheetMessages as msg } from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';
import type { Caller } from '../../../platform/cqrs';
import type { EntryLocation, EntryLocations } from '../queries/entry-location';

/**
 * The entry a person wants to change: it must exist (404) and be theirs (403). Admins changing
 * other people's entries is a later issue; until then they are refused like everyone else.
 */
export async function ownEntry(
  locations: EntryLocations,
  caller: Caller,
  entryId: string,
): Promise<EntryLocation> {
  const location = await locations.find(entryId);
  if (!location) throw DomainError.notFound(msg.entryNotFound);
  if (location.employeeId !== caller.principal.staffId) throw DomainError.forbidden(msg.notYourEntry);
  return location;
}

import { SECOND_ORGANISATION_OWNER_ID } from '@portal/contracts';

/**
 * The owner whose projects and people a person may see; null = every owner. A 'sightstream'
 * person (owner 2, the second brand) sees only owner 2. One rule for every context.
 */
export function ownerScopeOf(person: { readonly userType: 'default' | 'sightstream' }): number | null {
  return person.userType === 'sightstream' ? SECOND_ORGANISATION_OWNER_ID : null;
}

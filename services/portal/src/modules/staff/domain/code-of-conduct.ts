import { profileMessages } from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';
import type { StaffEvent, StaffState } from './staff-member';

/**
 * A person acknowledges the code of conduct for themselves (the box ticked, then Yes). `now` is
 * the command's time, passed in. Once recorded it stays: a second acknowledgement records nothing
 * (the first one's time is what the page shows), so a retried or doubled click is harmless.
 */
export type AcknowledgeCodeOfConduct = {
  readonly type: 'AcknowledgeCodeOfConduct';
  readonly data: { readonly staffId: number; readonly now: Date };
};

export function acknowledgeCodeOfConduct(command: AcknowledgeCodeOfConduct, state: StaffState): StaffEvent[] {
  const { staffId, now } = command.data;
  if (!state.registered) throw DomainError.notFound(profileMessages.notFound);
  if (!state.access.isActive) throw DomainError.forbidden();
  if (state.codeOfConductAcknowledgedAt !== null) return [];
  return [
    {
      type: 'CodeOfConductAcknowledged',
      data: { staffId, name: state.profile.name, acknowledgedAt: now.toISOString() },
    },
  ];
}

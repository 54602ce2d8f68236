import { staffErasureMessages } from '@portal/contracts';
import { DomainError, ProblemList } from '../../../kernel/domain-error';
import { isFilledText } from '../../../kernel/rules';
import { personInScope, type StaffActor } from './staff-changes';
import type { StaffEvent, StaffState } from './staff-member';

/**
 * An admin erases a person's personal data (issue 11): recorded as StaffPersonalDataErased (the
 * admin as actor, the reason in the payload); the handler then deletes the person's data key.
 */
export type EraseStaffPersonalData = {
  readonly type: 'EraseStaffPersonalData';
  readonly data: { readonly staffId: number; readonly actor: StaffActor; readonly reason: string };
};

/**
 * Scope first (a person outside it is "not found"), then: nobody erases themselves (403: the
 * erasure is another admin's recorded act), a reason is required (400). Erased already: nothing.
 */
export function eraseStaffPersonalData(command: EraseStaffPersonalData, state: StaffState): StaffEvent[] {
  const { staffId, actor, reason } = command.data;
  const person = personInScope(state, staffId, actor);
  if (staffId === actor.staffId) throw DomainError.forbidden(staffErasureMessages.notYourself);
  const problems = new ProblemList();
  if (!isFilledText(reason)) problems.add('reason', staffErasureMessages.reasonRequired);
  problems.throwIfAny();
  if (person.erased) return [];
  return [{ type: 'StaffPersonalDataErased', data: { staffId, reason: reason.trim() } }];
}

/** No sealed field of an erased person is set again: a new value would need a new key (409). */
export function guardNotErased(state: StaffState, sealedFieldsGiven: boolean): void {
  if (state.registered && state.erased && sealedFieldsGiven)
    throw DomainError.conflict(staffErasureMessages.erasedNoEdit);
}

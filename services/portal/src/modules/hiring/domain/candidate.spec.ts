// Fixed dates: the decider given a candidate's form dates.
import { candidateMessages as msg } from '@portal/contracts';
import { broken, given } from '../../../kernel/testing/given-when-then';
import { candidateDecider, type CandidateEvent, type CandidateForm, type HiringEditor } from './candidate';

const ID = '11111111-2222-5333-8444-555555555555';
const firm = { ownerScope: null };
const sightstream = { ownerScope: 2 };

/** Personal fields as the handler hands them in: already sealed (the decider never sees plain text). */
const form: CandidateForm = {
  ownerId: null,
  discipline: 'Civil',
  firstName: 'pd1:first',
  lastName: 'pd1:last',
  email: 'pd1:email',
  localToCalgary: true,
  applicationDate: '2026-01-05',
  interviewDate: '2026-01-12',
  interviewNotes: null,
  status: 'Shortlisted',
  resumeId: 'aaaaaaaa-bbbb-5ccc-8ddd-eeeeeeeeeeee',
  resumeType: 'application/pdf',
};

const added = (ownerId: number): CandidateEvent => ({
  type: 'CandidateAdded',
  data: { candidateId: ID, ...form, ownerId, resumeType: 'application/pdf' },
});
const erased: CandidateEvent = {
  type: 'CandidateErased',
  data: { candidateId: ID, resumeId: form.resumeId },
};
const removed: CandidateEvent = { type: 'CandidateRemoved', data: { candidateId: ID } };

/** The decider's answer, on `history`, to an editor's command about candidate ID. */
const addCandidate = (history: readonly CandidateEvent[], f: CandidateForm, editor: HiringEditor = firm) =>
  given(candidateDecider, history).when({ type: 'AddCandidate', candidateId: ID, form: f, editor });
const updateCandidate = (history: readonly CandidateEvent[], f: CandidateForm, editor: HiringEditor = firm) =>
  given(candidateDecider, history).when({ type: 'UpdateCandidate', candidateId: ID, form: f, editor });
const removeCandidate = (history: readonly CandidateEvent[], editor: HiringEditor = firm) =>
  given(candidateDecider, history).when({ type: 'RemoveCandidate', candidateId: ID, editor });
const eraseCandidate = (history: readonly CandidateEvent[], editor: HiringEditor = firm) =>
  given(candidateDecider, history).when({ type: 'EraseCandidate', candidateId: ID, editor });

describe('adding a candidate', () => {
  it("records the candidate with the firm's own organisation when a firm admin names none", () => {
    const { events } = addCandidate([], form);
    expect(events).toEqual([added(1)]);
  });

  it('records the organisation a firm admin chose', () => {
    const { events } = addCandidate([], { ...form, ownerId: 2 });
    expect(events).toEqual([added(2)]);
  });

  it("gives a sightstream admin's candidate their organisation, and refuses another one", () => {
    const own = addCandidate([], form, sightstream);
    expect(own.events).toEqual([added(2)]);
    const other = broken(addCandidate([], { ...form, ownerId: 1 }, sightstream));
    expect(other.code).toBe('forbidden');
    expect(other.message).toBe(msg.ownerOutOfScope);
  });

  it('refuses a resume whose file was not found, on the field resumeId', () => {
    const error = broken(addCandidate([], { ...form, resumeType: null }));
    expect(error.problems).toEqual([{ path: 'resumeId', message: msg.resumeUnknown }]);
  });

  it('adds nothing twice when the same command is decided again', () => {
    const { events } = addCandidate([added(1)], form);
    expect(events).toEqual([]);
  });
});

describe('updating a candidate', () => {
  it('records only the fields that changed, before and after', () => {
    const { events } = updateCandidate([added(1)], {
      ...form,
      status: 'Offer Pending',
      email: 'pd1:new-email',
    });
    expect(events).toEqual([
      {
        type: 'CandidateUpdated',
        data: {
          candidateId: ID,
          before: { email: 'pd1:email', status: 'Shortlisted' },
          after: { email: 'pd1:new-email', status: 'Offer Pending' },
        },
      },
    ]);
  });

  it('records nothing when nothing changed', () => {
    const decision = updateCandidate([added(1)], form);
    expect(decision.events).toEqual([]);
  });

  it("answers a sightstream admin as if another organisation's candidate did not exist", () => {
    const error = broken(updateCandidate([added(1)], form, sightstream));
    expect(error.code).toBe('not_found');
  });

  it('refuses to edit an erased or removed candidate', () => {
    const onErased = broken(updateCandidate([added(1), erased], form));
    expect(onErased.code).toBe('conflict');
    expect(onErased.message).toBe(msg.erased);
    const onRemoved = broken(updateCandidate([added(1), removed], form));
    expect(onRemoved.code).toBe('not_found');
  });
});

describe('removing and erasing', () => {
  it('removes a candidate once, erasing their personal data with it; a second removal is not found', () => {
    const first = removeCandidate([added(1)]);
    expect(first.events).toEqual([removed, erased]);
    const alreadyErased = removeCandidate([added(1), erased]);
    expect(alreadyErased.events).toEqual([removed]);
    const again = broken(removeCandidate([added(1), removed]));
    expect(again.code).toBe('not_found');
  });

  it('erases a candidate, naming the resume file to remove; also after removal', () => {
    const live = eraseCandidate([added(2)], sightstream);
    expect(live.events).toEqual([erased]);
    const afterRemoval = eraseCandidate([added(1), removed]);
    expect(afterRemoval.events).toEqual([erased]);
  });

  it('records an erasure once', () => {
    const { events } = eraseCandidate([added(1), erased]);
    expect(events).toEqual([]);
  });

  it('refuses to erase an unknown candidate or one of another organisation', () => {
    expect(broken(eraseCandidate([])).code).toBe('not_found');
    const other = eraseCandidate([added(1)], sightstream);
    expect(broken(other).code).toBe('not_found');
  });
});

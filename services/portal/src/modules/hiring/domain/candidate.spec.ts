// Fixed dates: the decider given a candidate's form dates.
import { candidateMessages as msg } from '@portal/contracts';
import { broken, given } from '../../../kernel/testing/given-when-then';
import { candidateDecider, type CandidateEvent, type CandidateForm } from './candidate';

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

describe('adding a candidate', () => {
  it("records the candidate with the firm's own organisation when a firm admin names none", () => {
    const { events } = given(candidateDecider).when({
      type: 'AddCandidate',
      candidateId: ID,
      form,
      editor: firm,
    });
    expect(events).toEqual([added(1)]);
  });

  it('records the organisation a firm admin chose', () => {
    const { events } = given(candidateDecider).when({
      type: 'AddCandidate',
      candidateId: ID,
      form: { ...form, ownerId: 2 },
      editor: firm,
    });
    expect(events).toEqual([added(2)]);
  });

  it("gives a sightstream admin's candidate their organisation, and refuses another one", () => {
    const own = given(candidateDecider).when({
      type: 'AddCandidate',
      candidateId: ID,
      form,
      editor: sightstream,
    });
    expect(own.events).toEqual([added(2)]);
    const other = broken(
      given(candidateDecider).when({
        type: 'AddCandidate',
        candidateId: ID,
        form: { ...form, ownerId: 1 },
        editor: sightstream,
      }),
    );
    expect(other.code).toBe('forbidden');
    expect(other.message).toBe(msg.ownerOutOfScope);
  });

  it('refuses a resume whose file was not found, on the field resumeId', () => {
    const error = broken(
      given(candidateDecider).when({
        type: 'AddCandidate',
        candidateId: ID,
        form: { ...form, resumeType: null },
        editor: firm,
      }),
    );
    expect(error.problems).toEqual([{ path: 'resumeId', message: msg.resumeUnknown }]);
  });

  it('adds nothing twice when the same command is decided again', () => {
    const { events } = given(candidateDecider, [added(1)]).when({
      type: 'AddCandidate',
      candidateId: ID,
      form,
      editor: firm,
    });
    expect(events).toEqual([]);
  });
});

describe('updating a candidate', () => {
  it('records only the fields that changed, before and after', () => {
    const { events } = given(candidateDecider, [added(1)]).when({
      type: 'UpdateCandidate',
      candidateId: ID,
      form: { ...form, status: 'Offer Pending', email: 'pd1:new-email' },
      editor: firm,
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
    const decision = given(candidateDecider, [added(1)]).when({
      type: 'UpdateCandidate',
      candidateId: ID,
      form,
      editor: firm,
    });
    expect(decision.events).toEqual([]);
  });

  it("answers a sightstream admin as if another organisation's candidate did not exist", () => {
    const error = broken(
      given(candidateDecider, [added(1)]).when({
        type: 'UpdateCandidate',
        candidateId: ID,
        form,
        editor: sightstream,
      }),
    );
    expect(error.code).toBe('not_found');
  });

  it('refuses to edit an erased or removed candidate', () => {
    const onErased = broken(
      given(candidateDecider, [added(1), erased]).when({
        type: 'UpdateCandidate',
        candidateId: ID,
        form,
        editor: firm,
      }),
    );
    expect(onErased.code).toBe('conflict');
    expect(onErased.message).toBe(msg.erased);
    const onRemoved = broken(
      given(candidateDecider, [added(1), removed]).when({
        type: 'UpdateCandidate',
        candidateId: ID,
        form,
        editor: firm,
      }),
    );
    expect(onRemoved.code).toBe('not_found');
  });
});

describe('removing and erasing', () => {
  it('removes a candidate once, erasing their personal data with it; a second removal is not found', () => {
    const first = given(candidateDecider, [added(1)]).when({
      type: 'RemoveCandidate',
      candidateId: ID,
      editor: firm,
    });
    expect(first.events).toEqual([removed, erased]);
    const alreadyErased = given(candidateDecider, [added(1), erased]).when({
      type: 'RemoveCandidate',
      candidateId: ID,
      editor: firm,
    });
    expect(alreadyErased.events).toEqual([removed]);
    const again = broken(
      given(candidateDecider, [added(1), removed]).when({
        type: 'RemoveCandidate',
        candidateId: ID,
        editor: firm,
      }),
    );
    expect(again.code).toBe('not_found');
  });

  it('erases a candidate, naming the resume file to remove; also after removal', () => {
    const live = given(candidateDecider, [added(2)]).when({
      type: 'EraseCandidate',
      candidateId: ID,
      editor: sightstream,
    });
    expect(live.events).toEqual([erased]);
    const afterRemoval = given(candidateDecider, [added(1), removed]).when({
      type: 'EraseCandidate',
      candidateId: ID,
      editor: firm,
    });
    expect(afterRemoval.events).toEqual([erased]);
  });

  it('records an erasure once', () => {
    const { events } = given(candidateDecider, [added(1), erased]).when({
      type: 'EraseCandidate',
      candidateId: ID,
      editor: firm,
    });
    expect(events).toEqual([]);
  });

  it('refuses to erase an unknown candidate or one of another organisation', () => {
    expect(
      broken(given(candidateDecider).when({ type: 'EraseCandidate', candidateId: ID, editor: firm })).code,
    ).toBe('not_found');
    const other = given(candidateDecider, [added(1)]).when({
      type: 'EraseCandidate',
      candidateId: ID,
      editor: sightstream,
    });
    expect(broken(other).code).toBe('not_found');
  });
});

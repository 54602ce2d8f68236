// Fixed dates: the edit checks of a given day (pure functions).
import { describe, expect, it } from '@jest/globals';
import {
  addDays,
  EDIT_HOURS_STEP,
  mondayOfWeek,
  timesheetFieldLabels as label,
  timesheetMessages as msg,
  type TimesheetRuleFacts,
  UMBRELLA_PROJECT_ID,
} from '@portal/contracts';
import {
  adminTimesheetEditCheck,
  blockingProblems,
  personTimesheetEditCheck,
  type TimesheetEditDraft,
} from './edit-checks';

// This file pins its own day (a Wednesday): the checks take "today" as an argument, and the
// dates below are counted from it.
const TODAY = '2026-11-25';
const MONDAY = mondayOfWeek(TODAY);

const PROJECT = { projectId: 12, name: 'Pipeline Integrity Review', ownerId: 1, isActive: true };
const SUB_PROJECT = { projectId: 14, name: 'Survey', ownerId: 1, isActive: true };
const facts: TimesheetRuleFacts = { project: PROJECT, subProject: null, today: TODAY };
const before = { date: MONDAY, hours: '7', overtimeHours: null };

const draft = (change: Partial<TimesheetEditDraft> = {}): TimesheetEditDraft => ({
  projectId: PROJECT.projectId,
  subProjectId: null,
  date: MONDAY,
  hours: '7.5',
  overtimeHours: null,
  comment: 'ERP data load',
  version: 3,
  ...change,
});

const paths = (checked: ReturnType<typeof personTimesheetEditCheck>) =>
  'problems' in checked ? checked.problems.map((p) => p.path) : [];

describe("the person's check of an entry they change", () => {
  it('answers the edit to send, not yet confirmed as late', () => {
    expect(personTimesheetEditCheck(draft(), before, facts)).toEqual({
      edit: { ...draft(), confirmLate: false },
    });
  });

  it('does not refuse a day before this week’s Monday: the late-entry question is asked instead', () => {
    const late = personTimesheetEditCheck(draft({ date: addDays(MONDAY, -3) }), before, facts);
    expect('edit' in late).toBe(true);
  });

  it('asks for hours when both are empty', () => {
    const checked = personTimesheetEditCheck(draft({ hours: null }), before, facts);
    expect(checked).toEqual({ problems: [{ path: 'hours', message: msg.fillInYourHours }] });
  });

  it('takes changed hours only in steps of 0.5, and keeps hours left as they were', () => {
    const changed = personTimesheetEditCheck(draft({ hours: '7.3' }), before, facts);
    expect(changed).toEqual({
      problems: [{ path: 'hours', message: msg.inStepsOf(label.hours, EDIT_HOURS_STEP) }],
    });
    const kept = personTimesheetEditCheck(draft({ hours: '7.3' }), { ...before, hours: '7.3' }, facts);
    expect('edit' in kept).toBe(true);
  });

  it('names a missing sub-project at once, beside the other problems of the form', () => {
    const checked = personTimesheetEditCheck(
      draft({ projectId: UMBRELLA_PROJECT_ID, comment: '' }),
      before,
      facts,
    );
    expect(paths(checked)).toEqual(['comment', 'subProjectId']);
  });

  it('leaves a project no longer on the person’s roster to the server', () => {
    const checked = personTimesheetEditCheck(draft(), before, { ...facts, project: null });
    expect('edit' in checked).toBe(true);
  });

  it('judges a sub-project of the umbrella project by the facts given', () => {
    const umbrella = { ...PROJECT, projectId: UMBRELLA_PROJECT_ID };
    const withSub = personTimesheetEditCheck(
      draft({ projectId: UMBRELLA_PROJECT_ID, subProjectId: SUB_PROJECT.projectId }),
      before,
      { ...facts, project: umbrella, subProject: SUB_PROJECT },
    );
    expect('edit' in withSub).toBe(true);
    const unknownSub = personTimesheetEditCheck(
      draft({ projectId: UMBRELLA_PROJECT_ID, subProjectId: SUB_PROJECT.projectId }),
      before,
      { ...facts, project: umbrella },
    );
    expect(unknownSub).toEqual({ problems: [{ path: 'subProjectId', message: msg.subProjectInvalid }] });
  });
});

describe("an admin's check of a person's entry", () => {
  it('answers the edit with the person it belongs to', () => {
    const long = draft({ date: addDays(MONDAY, -40), hours: '7.3' });
    expect(adminTimesheetEditCheck(long, 5)).toEqual({ edit: { employeeId: 5, ...long } });
  });

  it('asks for the umbrella project’s sub-project even when the rest is well formed', () => {
    expect(adminTimesheetEditCheck(draft({ projectId: UMBRELLA_PROJECT_ID }), 5)).toEqual({
      problems: [{ path: 'subProjectId', message: msg.subProjectRequired }],
    });
  });

  it('asks for hours when both are empty', () => {
    expect(adminTimesheetEditCheck(draft({ hours: null }), 5)).toEqual({
      problems: [{ path: 'hours', message: msg.fillInYourHours }],
    });
  });
});

describe('the problems that stop a save', () => {
  it('leave out the late-entry question and add a missing sub-project', () => {
    const problems = [
      { path: 'confirmLate', message: msg.notWithinCurrentWeek },
      { path: 'hours', message: msg.fillInYourHours },
    ];
    expect(blockingProblems(problems, true)).toEqual([
      { path: 'hours', message: msg.fillInYourHours },
      { path: 'subProjectId', message: msg.subProjectRequired },
    ]);
    expect(blockingProblems(problems, false)).toEqual([{ path: 'hours', message: msg.fillInYourHours }]);
  });
});

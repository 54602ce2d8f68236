import {
  type ProjectFacts,
  type ProjectOption,
  timesheetMessages as msg,
  type TimesheetRuleFacts,
} from '@portal/contracts';
import type { FieldProblem } from '../api';
import { type FieldErrors, fieldErrorsOf } from '../form-errors';
import { showToast } from '../../ui/toast';
import { blockingProblems } from './edit-checks';

/** What a timesheet form needs of a project to choose it and judge the entry rules. */
export type ChoosableProject = Pick<ProjectOption, 'projectId' | 'name' | 'ownerId'>;

/** The API lists only active projects, so a listed project is an active one. */
export function projectFacts(option: ChoosableProject | undefined): ProjectFacts | null {
  return option
    ? { projectId: option.projectId, name: option.name, ownerId: option.ownerId, isActive: true }
    : null;
}

export function ruleFacts(
  projects: readonly ChoosableProject[],
  projectId: number | null,
  subProjects: readonly ChoosableProject[],
  subProjectId: number | null,
  today: string,
): TimesheetRuleFacts {
  return {
    project: projectFacts(projects.find((p) => p.projectId === projectId)),
    subProject: projectFacts(subProjects.find((p) => p.projectId === subProjectId)),
    today,
  };
}

/**
 * Puts the problems that stop a save (all but the late-entry question) on the fields, toasts
 * 'fill in your hours' when it is one of them, and says whether any stop the save.
 */
export function showBlockingProblems(
  problems: readonly FieldProblem[],
  subProjectMissing: boolean,
  setErrors: (errors: FieldErrors) => void,
): boolean {
  const blocking = blockingProblems(problems, subProjectMissing);
  setErrors(fieldErrorsOf(blocking));
  if (blocking.some((p) => p.message === msg.fillInYourHours)) showToast(msg.fillInYourHours, 'danger');
  return blocking.length > 0;
}

import {
  type ProjectFacts,
  type ProjectOption,
  timesheetMessages as msg,
  type TimesheetRuleFacts,
} from '@portal/contracts';
import type { FieldProblem } from '../api';
import { type FieldErrors, fieldErrorsOf } from '../form-errors';
import { showToast } from '../../ui/toast';

/** The API lists only active projects, so a listed project is an active one. */
export function projectFacts(option: ProjectOption | undefined): ProjectFacts | null {
  return option
    ? { projectId: option.projectId, name: option.name, ownerId: option.ownerId, isActive: true }
    : null;
}

export function ruleFacts(
  projects: readonly ProjectOption[],
  projectId: number | null,
  subProjects: readonly ProjectOption[],
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
 * 'fill in your hours' when it is one of them, and says whether any stop the save. The project
 * rules run only on well-formed input, so a missing sub-project is named here right away.
 */
export function showBlockingProblems(
  problems: readonly FieldProblem[],
  subProjectMissing: boolean,
  setErrors: (errors: FieldErrors) => void,
): boolean {
  const blocking = [
    ...problems,
    ...(subProjectMissing ? [{ path: 'subProjectId', message: msg.subProjectRequired }] : []),
  ].filter((p) => p.path !== 'confirmLate');
  setErrors(fieldErrorsOf(blocking));
  if (blocking.some((p) => p.message === msg.fillInYourHours)) showToast(msg.fillInYourHours, 'danger');
  return blocking.length > 0;
}

import type { z } from 'zod';
import type { ProjectFacts, ProjectOption, TimesheetProblem, TimesheetRuleFacts } from '@portal/contracts';
import type { FieldProblem } from '../../lib/api';

/** Field path ('items.0.hours') -> the rule's message; the first message of a path wins. */
export type FieldErrors = Readonly<Record<string, string>>;

export function fieldErrorsOf(problems: readonly (TimesheetProblem | FieldProblem)[]): FieldErrors {
  const errors: Record<string, string> = {};
  for (const problem of problems) errors[problem.path] ??= problem.message;
  return errors;
}

export function zodProblems(error: z.ZodError): TimesheetProblem[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/** A NumberField value as the decimal text the API takes (NaN = left empty = null). */
export function hoursText(value: number): string | null {
  return Number.isFinite(value) ? String(value) : null;
}

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

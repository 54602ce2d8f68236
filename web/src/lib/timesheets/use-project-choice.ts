import { useState } from 'react';
import { needsSubProject } from '@portal/contracts';
import { useBillableProjects, useSubProjects } from '../projects';
import { type ChoosableProject, ruleFacts } from './form-rules';

/** The projects and (for the umbrella project) sub-projects a form offers. */
export interface ProjectLists {
  readonly projects: readonly ChoosableProject[];
  readonly subProjects: readonly ChoosableProject[];
}

/**
 * The project and (for the umbrella project) sub-project chosen in a timesheet form, with the
 * lists to choose from and the facts the entry rules need. The lists are `given` when the caller
 * has them (the admin review's, in its scope); otherwise the person's billable projects are
 * fetched, and their sub-projects once the umbrella project is chosen.
 */
export function useProjectChoice(
  initial: { projectId: number | null; subProjectId: number | null },
  given?: ProjectLists,
) {
  const projects = useBillableProjects(given === undefined);
  const [projectId, setProjectId] = useState<number | null>(initial.projectId);
  const [subProjectId, setSubProjectId] = useState<number | null>(initial.subProjectId);
  const umbrella = projectId !== null && needsSubProject(projectId);
  const subProjects = useSubProjects(umbrella && given === undefined);

  const projectList = given?.projects ?? projects.data ?? [];
  const subProjectList = given?.subProjects ?? subProjects.data ?? [];
  const project = projectList.find((p) => p.projectId === projectId);
  const subProject = umbrella ? (subProjectList.find((p) => p.projectId === subProjectId) ?? null) : null;
  return {
    projects,
    subProjects,
    projectList,
    subProjectList,
    projectId,
    setProjectId,
    subProjectId,
    setSubProjectId,
    umbrella,
    project,
    subProject,
    facts: (today: string) => ruleFacts(projectList, projectId, subProjectList, subProjectId, today),
  };
}

export type ProjectChoice = ReturnType<typeof useProjectChoice>;

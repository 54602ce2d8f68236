import { useState } from 'react';
import { needsSubProject } from '@portal/contracts';
import { useBillableProjects, useSubProjects } from '../projects';
import { ruleFacts } from './form-rules';

/**
 * The project and (for the umbrella project) sub-project chosen in a timesheet form, with the
 * lists to choose from and the facts the entry rules need.
 */
export function useProjectChoice(initial: { projectId: number | null; subProjectId: number | null }) {
  const projects = useBillableProjects();
  const [projectId, setProjectId] = useState<number | null>(initial.projectId);
  const [subProjectId, setSubProjectId] = useState<number | null>(initial.subProjectId);
  const umbrella = projectId !== null && needsSubProject(projectId);
  const subProjects = useSubProjects(umbrella);

  const projectList = projects.data ?? [];
  const subProjectList = subProjects.data ?? [];
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

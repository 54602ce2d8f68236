import { projectOptionsOf } from '../lib/projects';
import { Select } from './select';

const ALL_PROJECTS = 'all';

export interface ProjectFilterProps {
  readonly projects: readonly { readonly projectId: number; readonly name: string }[];
  /** null = all projects. */
  readonly value: number | null;
  readonly onChange: (projectId: number | null) => void;
}

/** 'Filter by project' for a saved list: all projects or one of them. */
export function ProjectFilter({ projects, value, onChange }: ProjectFilterProps) {
  const options = [{ id: ALL_PROJECTS, name: 'All projects' }, ...projectOptionsOf(projects)];
  return (
    <Select
      label="Filter by project"
      options={options}
      value={value ?? ALL_PROJECTS}
      onChange={(key) => onChange(key === null || key === ALL_PROJECTS ? null : Number(key))}
    />
  );
}

import { isSubProject, projectHasOvertime } from './project-rules';

describe('project rules', () => {
  it('overtime on owner-2 projects and on 61 and 64 only', () => {
    expect(projectHasOvertime(12, 2)).toBe(true);
    expect(projectHasOvertime(61, 1)).toBe(true);
    expect(projectHasOvertime(64, 1)).toBe(true);
    expect(projectHasOvertime(62, 1)).toBe(false);
    expect(projectHasOvertime(45, 1)).toBe(false);
  });

  it('sub-projects are the active projects except 45', () => {
    expect(isSubProject(33, true)).toBe(true);
    expect(isSubProject(33, false)).toBe(false);
    expect(isSubProject(45, true)).toBe(false);
  });
});

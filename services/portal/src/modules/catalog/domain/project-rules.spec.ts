import { defaultProjectDetails } from '@portal/contracts';
import { projectHasOvertime } from './project-rules';

describe('project rules', () => {
  it('overtime on owner-2 projects and on 61 and 64 only', () => {
    expect(projectHasOvertime(12, 2)).toBe(true);
    expect(projectHasOvertime(61, 1)).toBe(true);
    expect(projectHasOvertime(64, 1)).toBe(true);
    expect(projectHasOvertime(62, 1)).toBe(false);
    expect(projectHasOvertime(45, 1)).toBe(false);
  });

  it('a project opened before membership was recorded is a sub-project of 45 unless it is 45', () => {
    expect(defaultProjectDetails(33).isSubProject).toBe(true);
    expect(defaultProjectDetails(45).isSubProject).toBe(false);
  });
});

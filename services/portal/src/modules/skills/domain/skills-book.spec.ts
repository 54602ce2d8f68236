import { skillMessages } from '@portal/contracts';
import { broken, given } from '../../../kernel/testing/given-when-then';
import { skillsDecider, type SkillsEvent } from './skills-book';

const ADA = 3;
const assessed = (before: number | null, after: number): SkillsEvent => ({
  type: 'SkillAssessed',
  data: { staffId: ADA, skill: 'python', before: { level: before }, after: { level: after } },
});

describe('a person’s skills', () => {
  it('records a new skill with before null', () => {
    expect(
      given(skillsDecider).when({ type: 'AssessSkill', staffId: ADA, skill: 'python', level: 3 }).events,
    ).toEqual([assessed(null, 3)]);
  });

  it('records a change as before → after, and nothing for the same level', () => {
    const history = [assessed(null, 3)];
    expect(
      given(skillsDecider, history).when({ type: 'AssessSkill', staffId: ADA, skill: 'python', level: 5 })
        .events,
    ).toEqual([assessed(3, 5)]);
    expect(
      given(skillsDecider, history).when({ type: 'AssessSkill', staffId: ADA, skill: 'python', level: 3 })
        .events,
    ).toEqual([]);
  });

  it('removes a rated skill (after null); one not rated is not found', () => {
    expect(
      given(skillsDecider, [assessed(null, 3), assessed(3, 4)]).when({
        type: 'RemoveSkill',
        staffId: ADA,
        skill: 'python',
      }).events,
    ).toEqual([
      {
        type: 'SkillRemoved',
        data: { staffId: ADA, skill: 'python', before: { level: 4 }, after: { level: null } },
      },
    ]);
    const error = broken(given(skillsDecider).when({ type: 'RemoveSkill', staffId: ADA, skill: 'sql' }));
    expect(error).toMatchObject({ code: 'not_found', message: skillMessages.notAssessed('SQL') });
  });
});

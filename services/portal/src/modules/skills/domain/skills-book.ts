import {
  skillMessages,
  skillName,
  type SkillAssessed,
  type SkillCode,
  type SkillRemoved,
} from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';

/** One stream per person: `skills-{staffId}` holds their self-assessment (a dozen skills at most). */
export const skillsStreamId = (staffId: number): string => `skills-${staffId}`;

export type SkillsEvent =
  | { readonly type: 'SkillAssessed'; readonly data: SkillAssessed }
  | { readonly type: 'SkillRemoved'; readonly data: SkillRemoved };

export type SkillsCommand =
  | {
      readonly type: 'AssessSkill';
      readonly staffId: number;
      readonly skill: SkillCode;
      readonly level: number;
    }
  | { readonly type: 'RemoveSkill'; readonly staffId: number; readonly skill: SkillCode };

export interface SkillsState {
  readonly levels: ReadonlyMap<SkillCode, number>;
}

/**
 * A person's own skills: set or change a level (the same level again records nothing), or take a
 * skill off (one not rated is 404). Each event carries before → after of the level.
 */
export const skillsDecider = {
  initialState: (): SkillsState => ({ levels: new Map() }),

  evolve(state: SkillsState, event: SkillsEvent): SkillsState {
    const levels = new Map(state.levels);
    if (event.type === 'SkillAssessed') levels.set(event.data.skill, event.data.after.level!);
    else levels.delete(event.data.skill);
    return { levels };
  },

  decide(command: SkillsCommand, state: SkillsState): SkillsEvent[] {
    const { staffId, skill } = command;
    const current = state.levels.get(skill) ?? null;
    switch (command.type) {
      case 'AssessSkill':
        if (current === command.level) return [];
        return [
          {
            type: 'SkillAssessed',
            data: { staffId, skill, before: { level: current }, after: { level: command.level } },
          },
        ];
      case 'RemoveSkill':
        if (current === null) throw DomainError.notFound(skillMessages.notAssessed(skillName(skill)));
        return [
          {
            type: 'SkillRemoved',
            data: { staffId, skill, before: { level: current }, after: { level: null } },
          },
        ];
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};

import type { ColumnType } from 'kysely';
import { handledEvents } from '../../../platform/projection/handled-events';
import { projectionOf, readModelTables } from '../../../platform/projection/read-model-tables';
import type { SkillsEvent } from '../domain/skills-book';

/** The projection's name; its table lives in the schema `rm_skills`. */
export const SKILLS_READ_MODEL = 'skills';

/** Everyone's levels now (a removed skill's row is deleted; the log keeps it). */
export interface SkillLevelsTable {
  staff_id: number;
  skill: string;
  level: number;
  changed_at: ColumnType<Date, string, string>;
}

export interface SkillsTables {
  skill_levels: SkillLevelsTable;
}

export const skillsTables = readModelTables<SkillsTables>(SKILLS_READ_MODEL);

export const skillsProjection = projectionOf<SkillsEvent, SkillsTables>({
  name: SKILLS_READ_MODEL,
  version: 1,
  handled: handledEvents<SkillsEvent>('SkillAssessed', 'SkillRemoved'),
  tables: {
    skill_levels: {
      columns: {
        staff_id: 'integer not null',
        skill: 'text not null',
        level: 'integer not null',
        changed_at: 'timestamptz not null',
      },
      primaryKey: ['staff_id', 'skill'],
    },
  },

  async apply(event, rm): Promise<void> {
    const { staffId, skill } = event.data;
    if (event.type === 'SkillAssessed') {
      const level = event.data.after.level!;
      const at = event.metadata.occurredAt;
      await rm
        .insertInto('skill_levels')
        .values({ staff_id: staffId, skill, level, changed_at: at })
        .onConflict((oc) => oc.columns(['staff_id', 'skill']).doUpdateSet({ level, changed_at: at }))
        .execute();
    } else {
      await rm
        .deleteFrom('skill_levels')
        .where('staff_id', '=', staffId)
        .where('skill', '=', skill)
        .execute();
    }
  },
});

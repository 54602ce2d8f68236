import type { ColumnType, Kysely } from 'kysely';
import type { Database } from '../../../platform/database/database';
import { tablesOf } from '../../../platform/database/typed-view';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port';
import { readModelSchema, type Projection } from '../../../platform/projection/projection';
import { handledEvents } from '../../../platform/projection/handled-events';
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

export const skillsTables = (db: Database): Kysely<SkillsTables> =>
  tablesOf<SkillsTables>(db, readModelSchema(SKILLS_READ_MODEL));

const handled = handledEvents<SkillsEvent>('SkillAssessed', 'SkillRemoved');

export const skillsProjection: Projection = {
  name: SKILLS_READ_MODEL,
  version: 1,
  eventTypes: handled.types,

  async createTables(db: Database): Promise<void> {
    await db.schema
      .createTable('skill_levels')
      .addColumn('staff_id', 'integer', (c) => c.notNull())
      .addColumn('skill', 'text', (c) => c.notNull())
      .addColumn('level', 'integer', (c) => c.notNull())
      .addColumn('changed_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('skill_levels_pk', ['staff_id', 'skill'])
      .execute();
  },

  async apply(event: RecordedEvent, db: Database): Promise<void> {
    if (!handled.has(event)) return;
    const rm = tablesOf<SkillsTables>(db);
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
};

import { Injectable } from '@nestjs/common';
import { QueryHandler } from '@nestjs/cqrs';
import {
  SKILLS,
  skillMessages,
  skillName,
  type MySkill,
  type SkillCode,
  type SkillsMatrixAnswer,
  type SkillsMatrixQuery,
} from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';
import type { Principal } from '../../../platform/auth/principal';
import { PortalQueryHandler, Requires, SignedInQuery } from '../../../platform/cqrs';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import { StaffQueries } from '../../staff';
import { skillsMatrixWorkbook } from '../exports/skills-matrix-workbook';
import { skillsTables } from '../projections/skills.projection';

/** GET /api/me/skills: the signed-in person's own levels, in the list's order. */
export class GetMySkillsQuery extends SignedInQuery<MySkill[]> {}

/** GET /api/admin/skills-matrix: people × skills in the admin's scope, the filters applied. */
@Requires('admin')
export class GetSkillsMatrixQuery extends SignedInQuery<SkillsMatrixAnswer> {
  constructor(
    principal: Principal,
    readonly filters: SkillsMatrixQuery,
  ) {
    super(principal);
  }
}

/** GET /api/admin/skills-matrix/export: SkillsMatrix.xlsx of the same grid. */
@Requires('admin')
export class ExportSkillsMatrixQuery extends SignedInQuery<Buffer> {
  constructor(
    principal: Principal,
    readonly filters: SkillsMatrixQuery,
  ) {
    super(principal);
  }
}

const listOrder = (code: string) => SKILLS.findIndex((s) => s.code === code);

@Injectable()
export class SkillsReadModel {
  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly staff: StaffQueries,
  ) {}

  async own(staffId: number): Promise<MySkill[]> {
    const rows = await skillsTables(this.db)
      .selectFrom('skill_levels')
      .select(['skill', 'level'])
      .where('staff_id', '=', staffId)
      .execute();
    return rows
      .map((r) => ({ skill: r.skill as SkillCode, name: skillName(r.skill), level: r.level }))
      .sort((a, b) => listOrder(a.skill) - listOrder(b.skill));
  }

  /**
   * The people in the viewer's scope (a sightstream admin: owner 2 only, decided here on the
   * server) who rated at least one skill, kept by the filters: owner, one person (outside the
   * scope: 403), and a skill at a minimum level (minimum level alone: any skill at that level).
   */
  async matrix(viewer: Principal, filters: SkillsMatrixQuery): Promise<SkillsMatrixAnswer> {
    const visible = (await this.staff.listVisibleTo(viewer)).filter((p) => p.isActive);
    if (filters.person !== null && !visible.some((p) => p.staffId === filters.person))
      throw DomainError.forbidden(skillMessages.outOfScope);
    const everyone = visible.map((p) => ({ staffId: p.staffId, name: p.name }));
    const owners = [...new Set(visible.map((p) => p.ownerId))].sort();
    const people = visible
      .filter((p) => filters.owner === null || p.ownerId === filters.owner)
      .filter((p) => filters.person === null || p.staffId === filters.person);
    const ids = people.map((p) => p.staffId);
    const rows =
      ids.length === 0
        ? []
        : await skillsTables(this.db)
            .selectFrom('skill_levels')
            .select(['staff_id', 'skill', 'level'])
            .where('staff_id', 'in', ids)
            .execute();
    const levels = new Map<number, Record<string, number>>();
    for (const row of rows) levels.set(row.staff_id, { ...levels.get(row.staff_id), [row.skill]: row.level });
    const min = filters.minLevel ?? 1;
    const kept = people
      .map((p) => ({
        staffId: p.staffId,
        name: p.name,
        ownerId: p.ownerId,
        levels: levels.get(p.staffId) ?? {},
      }))
      .filter((p) => Object.keys(p.levels).length > 0)
      .filter((p) =>
        filters.skill !== null
          ? (p.levels[filters.skill] ?? 0) >= min
          : Object.values(p.levels).some((level) => level >= min),
      );
    const rated = new Set(kept.flatMap((p) => Object.keys(p.levels)));
    const skills = SKILLS.filter((s) =>
      filters.skill !== null ? s.code === filters.skill : rated.has(s.code),
    ).map((s) => ({ code: s.code, name: s.name }));
    return { skills, people: kept, owners, everyone };
  }
}

@QueryHandler(GetMySkillsQuery)
export class GetMySkillsHandler extends PortalQueryHandler<GetMySkillsQuery> {
  constructor(private readonly skills: SkillsReadModel) {
    super();
  }
  protected handle({ principal }: GetMySkillsQuery): Promise<MySkill[]> {
    return this.skills.own(principal.staffId);
  }
}

@QueryHandler(GetSkillsMatrixQuery)
export class GetSkillsMatrixHandler extends PortalQueryHandler<GetSkillsMatrixQuery> {
  constructor(private readonly skills: SkillsReadModel) {
    super();
  }
  protected handle({ principal, filters }: GetSkillsMatrixQuery): Promise<SkillsMatrixAnswer> {
    return this.skills.matrix(principal, filters);
  }
}

@QueryHandler(ExportSkillsMatrixQuery)
export class ExportSkillsMatrixHandler extends PortalQueryHandler<ExportSkillsMatrixQuery> {
  constructor(private readonly skills: SkillsReadModel) {
    super();
  }
  protected async handle({ principal, filters }: ExportSkillsMatrixQuery): Promise<Buffer> {
    return skillsMatrixWorkbook(await this.skills.matrix(principal, filters), filters);
  }
}

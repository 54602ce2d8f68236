import type { FieldChanges } from '../kernel/changes';

/**
 * Skills self-assessment (issue 11): each person rates themselves 1 to 5 on skills of the firm's
 * list; admins read them as a people × skills matrix. The list is a code list here, shared by the
 * server (which refuses any other) and the profile page.
 */
export const SKILLS = [
  { code: 'autocad', name: 'AutoCAD' },
  { code: 'azure', name: 'Azure' },
  { code: 'civil-3d', name: 'Civil 3D' },
  { code: 'data-analysis', name: 'Data analysis' },
  { code: 'excel', name: 'Excel' },
  { code: 'gis', name: 'GIS' },
  { code: 'power-bi', name: 'Power BI' },
  { code: 'project-management', name: 'Project management' },
  { code: 'python', name: 'Python' },
  { code: 'react', name: 'React' },
  { code: 'revit', name: 'Revit' },
  { code: 'sql', name: 'SQL' },
  { code: 'technical-writing', name: 'Technical writing' },
  { code: 'typescript', name: 'TypeScript' },
] as const;

export type SkillCode = (typeof SKILLS)[number]['code'];

export const SKILL_LEVEL_MIN = 1;
export const SKILL_LEVEL_MAX = 5;

export const SKILL_LEVEL_NAMES: Readonly<Record<number, string>> = {
  1: 'Beginner',
  2: 'Basic',
  3: 'Competent',
  4: 'Advanced',
  5: 'Expert',
};

export function isSkillCode(value: unknown): value is SkillCode {
  return typeof value === 'string' && SKILLS.some((s) => s.code === value);
}

export function skillName(code: string): string {
  return SKILLS.find((s) => s.code === code)?.name ?? code;
}

/** Stream `skills-{staffId}`: a level set or changed (before null: a new skill). */
export interface SkillAssessed extends FieldChanges<{ level: number | null }> {
  readonly staffId: number;
  readonly skill: SkillCode;
}

/** Stream `skills-{staffId}`: the person took a skill off (after null). */
export interface SkillRemoved extends FieldChanges<{ level: number | null }> {
  readonly staffId: number;
  readonly skill: SkillCode;
}

export interface MySkill {
  readonly skill: SkillCode;
  readonly name: string;
  readonly level: number;
}

export interface SkillsMatrixPerson {
  readonly staffId: number;
  readonly name: string;
  readonly ownerId: number;
  /** By skill code; a skill not assessed is absent. */
  readonly levels: Readonly<Record<string, number>>;
}

/** What assessing or removing a skill answers: where the event landed ('commit/prepare'; null: nothing changed). */
export interface SkillChangeAnswer {
  readonly position: string | null;
}

/** GET /api/admin/skills-matrix: the people in the admin's scope the filters keep, and the skills shown. */
export interface SkillsMatrixAnswer {
  readonly skills: readonly { readonly code: SkillCode; readonly name: string }[];
  readonly people: readonly SkillsMatrixPerson[];
  /** The filters' choices: owners and people in the admin's scope. */
  readonly owners: readonly number[];
  readonly everyone: readonly { readonly staffId: number; readonly name: string }[];
}

export const skillMessages = {
  skillRequired: 'Skill must have a value',
  notASkill: 'Skill must be one of the firm’s skills list',
  levelRequired: 'Level must have a value',
  levelRange: `Level must be a whole number from ${SKILL_LEVEL_MIN} to ${SKILL_LEVEL_MAX}`,
  notAssessed: (name: string) => `You have not rated ${name}.`,
  minLevel: `Minimum level must be a whole number from ${SKILL_LEVEL_MIN} to ${SKILL_LEVEL_MAX}`,
  owner: 'Owner must be 1 or 2',
  person: 'Person must be a staff id',
  outOfScope: 'That person is outside your scope.',
} as const;

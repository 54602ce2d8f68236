import { z } from 'zod';
import { isBusinessMonth } from '../kernel/dates';
import { anyValue, isBlank, refuse, requestObject } from '../kernel/fields';
import { NOT_FOUND_ISSUE, optionalIdField } from '../kernel/ids';
import { importMessages } from './imports';
import { isSkillCode, SKILL_LEVEL_MAX, SKILL_LEVEL_MIN, skillMessages, type SkillCode } from './skills';

/** Requests of the analytics pages and the profile's skills: zod schemas naming field and rule. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const skillField = anyValue().transform((value, ctx): SkillCode => {
  if (isBlank(value)) return refuse(ctx, skillMessages.skillRequired);
  const text = typeof value === 'string' ? value.trim() : value;
  return isSkillCode(text) ? text : refuse(ctx, skillMessages.notASkill);
});

function levelOf(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d$/.test(value.trim()) ? Number(value.trim()) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= SKILL_LEVEL_MIN && n <= SKILL_LEVEL_MAX
    ? n
    : null;
}

/** PUT /api/me/skills: one skill and its level, 1 to 5 (a JSON number). */
export const skillAssessmentSchema = requestObject({
  skill: skillField,
  level: anyValue().transform((value, ctx): number => {
    if (isBlank(value)) return refuse(ctx, skillMessages.levelRequired);
    return typeof value === 'number' && levelOf(value) !== null
      ? value
      : refuse(ctx, skillMessages.levelRange);
  }),
});
export type SkillAssessmentRequest = z.input<typeof skillAssessmentSchema>;

/** DELETE /api/me/skills/:skill: a code not on the list names nothing (404). */
export const skillParamSchema = requestObject({
  skill: anyValue().transform((value, ctx): SkillCode =>
    isSkillCode(value) ? value : refuse(ctx, skillMessages.notASkill, NOT_FOUND_ISSUE),
  ),
});

/** GET /api/admin/skills-matrix(/export)?skill&minLevel&owner&person: every filter optional. */
export const skillsMatrixQuerySchema = requestObject({
  skill: anyValue().transform((value, ctx): SkillCode | null => {
    if (isBlank(value)) return null;
    return isSkillCode(value) ? value : refuse(ctx, skillMessages.notASkill);
  }),
  minLevel: anyValue().transform((value, ctx): number | null => {
    if (isBlank(value)) return null;
    return levelOf(value) ?? refuse(ctx, skillMessages.minLevel);
  }),
  owner: anyValue().transform((value, ctx): 1 | 2 | null => {
    if (isBlank(value)) return null;
    if (value === '1' || value === '2') return Number(value) as 1 | 2;
    return refuse(ctx, skillMessages.owner);
  }),
  person: optionalIdField('Person'),
});
export type SkillsMatrixQuery = z.output<typeof skillsMatrixQuerySchema>;

function optionalMonth(label: string) {
  return anyValue().transform((value, ctx): string | null => {
    if (isBlank(value)) return null;
    if (typeof value === 'string' && isBusinessMonth(value.trim())) return value.trim();
    return refuse(ctx, `${label} must be a month (YYYY-MM)`);
  });
}

/** GET /api/admin/analytics/azure-cost(/export)?from&to&service: months inclusive, one service. */
export const azureCostQuerySchema = requestObject({
  from: optionalMonth('From'),
  to: optionalMonth('To'),
  service: anyValue().transform((value): string | null =>
    typeof value === 'string' && value.trim() !== '' ? value.trim() : null,
  ),
}).superRefine((query, ctx) => {
  if (query.from && query.to && query.to < query.from)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'To must not be before From' });
});
export type AzureCostQuery = z.output<typeof azureCostQuerySchema>;

/** GET /api/admin/analytics/office365(/export)?import: one report (the newest when absent). */
export const office365QuerySchema = requestObject({
  import: anyValue().transform((value, ctx): string | null => {
    if (isBlank(value)) return null;
    if (typeof value === 'string' && UUID.test(value.trim())) return value.trim().toLowerCase();
    return refuse(ctx, importMessages.notAnImport(String(value)), NOT_FOUND_ISSUE);
  }),
});
export type Office365Query = z.output<typeof office365QuerySchema>;

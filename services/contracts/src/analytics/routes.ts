import { file, json, route, XLSX, type RouteGroup } from '../kernel/api-routes';
import { z } from 'zod';
import {
  azureCostQuerySchema,
  erpFilterSchema,
  office365QuerySchema,
  skillAssessmentSchema,
  skillParamSchema,
  skillsMatrixQuerySchema,
  analyticsPageField,
  erpPageField,
  type AnalyticsEmbed,
  type ErpReport,
  type AzureCostAnswer,
  type ErpFilterOptions,
  type ImportOutcome,
  type MySkill,
  type Office365Answer,
  type SkillsMatrixAnswer,
} from '../analytics';
import type { SkillChangeAnswer } from '../analytics';

/** The analytics routes, as the API serves them (see kernel/api-routes.ts). */
export const analyticsRoutes = {
  tag: 'analytics',
  description:
    'Analytics for admins: ERP reports, Azure cost and Office 365 imports, Power BI embeds, and skills (own and the matrix). docs/api.md, Analytics; Analytics imports; Skills.',
  routes: [
    route({
      method: 'get',
      path: '/admin/analytics/filters',
      summary: "The ERP reports' filter choices",
      access: 'admin',
      response: json<ErpFilterOptions>('ErpFilterOptions'),
    }), // modules/analytics/analytics.controller.ts#filters
    route({
      method: 'get',
      path: '/admin/analytics/{page}/embed',
      summary: 'The Power BI embed of an analytics page (holds an embed token: never cached)',
      description: 'Holds an embed token: never cached.',
      access: 'admin',
      params: z.object({ page: analyticsPageField }),
      response: json<AnalyticsEmbed>('AnalyticsEmbed'),
      errors: [503],
    }), // modules/analytics/analytics.controller.ts#embed
    route({
      method: 'get',
      path: '/admin/analytics/{page}/export',
      summary: 'An ERP report page as a workbook',
      access: 'admin',
      params: z.object({ page: erpPageField }),
      query: erpFilterSchema,
      response: file(XLSX, 'The workbook (.xlsx), as an attachment.'),
    }), // modules/analytics/analytics.controller.ts#export
    route({
      method: 'get',
      path: '/admin/analytics/{page}',
      summary: 'An ERP report page (filtered)',
      access: 'admin',
      params: z.object({ page: erpPageField }),
      query: erpFilterSchema,
      response: json<ErpReport>('ErpReport'),
    }), // modules/analytics/analytics.controller.ts#report
    route({
      method: 'post',
      path: '/admin/analytics/azure-cost/imports',
      summary: 'Import an Azure cost export',
      access: 'admin',
      body: { multipart: 'The export file of the month (field `file`).' },
      response: json<ImportOutcome>('ImportOutcome'),
    }), // modules/analytics-imports/analytics-imports.controller.ts#importAzure
    route({
      method: 'get',
      path: '/admin/analytics/azure-cost',
      summary: 'Azure cost, by month and service',
      access: 'admin',
      query: azureCostQuerySchema,
      response: json<AzureCostAnswer>('AzureCostAnswer'),
    }), // modules/analytics-imports/analytics-imports.controller.ts#azure
    route({
      method: 'get',
      path: '/admin/analytics/azure-cost/export',
      summary: 'Azure cost as a workbook',
      access: 'admin',
      query: azureCostQuerySchema,
      response: file(XLSX, 'The workbook (.xlsx), as an attachment.'),
    }), // modules/analytics-imports/analytics-imports.controller.ts#azureExport
    route({
      method: 'post',
      path: '/admin/analytics/office365/imports',
      summary: 'Import an Office 365 export',
      access: 'admin',
      body: { multipart: 'The export file of the month (field `file`).' },
      response: json<ImportOutcome>('ImportOutcome'),
    }), // modules/analytics-imports/analytics-imports.controller.ts#importOffice365
    route({
      method: 'get',
      path: '/admin/analytics/office365',
      summary: 'Office 365 licences and usage',
      access: 'admin',
      query: office365QuerySchema,
      response: json<Office365Answer>('Office365Answer'),
    }), // modules/analytics-imports/analytics-imports.controller.ts#office365
    route({
      method: 'get',
      path: '/admin/analytics/office365/export',
      summary: 'Office 365 licences as a workbook',
      access: 'admin',
      query: office365QuerySchema,
      response: file(XLSX, 'The workbook (.xlsx), as an attachment.'),
    }), // modules/analytics-imports/analytics-imports.controller.ts#office365Export
    route({
      method: 'get',
      path: '/me/skills',
      summary: 'Own skills',
      access: 'signed-in',
      response: json<MySkill[]>('MySkill[]'),
    }), // modules/skills/skills.controller.ts#list
    route({
      method: 'put',
      path: '/me/skills',
      summary: 'Assess a skill',
      access: 'signed-in',
      body: skillAssessmentSchema,
      response: json<SkillChangeAnswer>('SkillChangeAnswer'),
    }), // modules/skills/skills.controller.ts#assess
    route({
      method: 'delete',
      path: '/me/skills/{skill}',
      summary: 'Remove a skill',
      access: 'signed-in',
      params: skillParamSchema,
      response: json<SkillChangeAnswer>('SkillChangeAnswer'),
    }), // modules/skills/skills.controller.ts#remove
    route({
      method: 'get',
      path: '/admin/skills-matrix',
      summary: 'The skills matrix',
      access: 'admin',
      query: skillsMatrixQuerySchema,
      response: json<SkillsMatrixAnswer>('SkillsMatrixAnswer'),
    }), // modules/skills/skills.controller.ts#matrix
    route({
      method: 'get',
      path: '/admin/skills-matrix/export',
      summary: 'The skills matrix as a workbook',
      access: 'admin',
      query: skillsMatrixQuerySchema,
      response: file(XLSX, 'The workbook (.xlsx), as an attachment.'),
    }), // modules/skills/skills.controller.ts#export
  ],
} satisfies RouteGroup;

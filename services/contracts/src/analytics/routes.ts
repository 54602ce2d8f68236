import { signedIn, admin, json, workbookFile, type RouteGroup } from '../kernel/api-routes';
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
    admin('GET /admin/analytics/filters', json<ErpFilterOptions>('ErpFilterOptions'), {
      summary: "The ERP reports' filter choices",
    }), // modules/analytics/analytics.controller.ts#filters
    admin('GET /admin/analytics/{page}/embed', json<AnalyticsEmbed>('AnalyticsEmbed'), {
      summary: 'The Power BI embed of an analytics page (holds an embed token: never cached)',
      description: 'Holds an embed token: never cached.',
      params: z.object({ page: analyticsPageField }),
      errors: [503],
    }), // modules/analytics/analytics.controller.ts#embed
    admin('GET /admin/analytics/{page}/export', workbookFile, {
      summary: 'An ERP report page as a workbook',
      params: z.object({ page: erpPageField }),
      query: erpFilterSchema,
    }), // modules/analytics/analytics.controller.ts#export
    admin('GET /admin/analytics/{page}', json<ErpReport>('ErpReport'), {
      summary: 'An ERP report page (filtered)',
      params: z.object({ page: erpPageField }),
      query: erpFilterSchema,
    }), // modules/analytics/analytics.controller.ts#report
    admin('POST /admin/analytics/azure-cost/imports', json<ImportOutcome>('ImportOutcome'), {
      summary: 'Import an Azure cost export',
      body: { multipart: 'The export file of the month (field `file`).' },
    }), // modules/analytics-imports/analytics-imports.controller.ts#importAzure
    admin('GET /admin/analytics/azure-cost', json<AzureCostAnswer>('AzureCostAnswer'), {
      summary: 'Azure cost, by month and service',
      query: azureCostQuerySchema,
    }), // modules/analytics-imports/analytics-imports.controller.ts#azure
    admin('GET /admin/analytics/azure-cost/export', workbookFile, {
      summary: 'Azure cost as a workbook',
      query: azureCostQuerySchema,
    }), // modules/analytics-imports/analytics-imports.controller.ts#azureExport
    admin('POST /admin/analytics/office365/imports', json<ImportOutcome>('ImportOutcome'), {
      summary: 'Import an Office 365 export',
      body: { multipart: 'The export file of the month (field `file`).' },
    }), // modules/analytics-imports/analytics-imports.controller.ts#importOffice365
    admin('GET /admin/analytics/office365', json<Office365Answer>('Office365Answer'), {
      summary: 'Office 365 licences and usage',
      query: office365QuerySchema,
    }), // modules/analytics-imports/analytics-imports.controller.ts#office365
    admin('GET /admin/analytics/office365/export', workbookFile, {
      summary: 'Office 365 licences as a workbook',
      query: office365QuerySchema,
    }), // modules/analytics-imports/analytics-imports.controller.ts#office365Export
    signedIn('GET /me/skills', json<MySkill[]>('MySkill[]'), { summary: 'Own skills' }), // modules/skills/skills.controller.ts#list
    signedIn('PUT /me/skills', json<SkillChangeAnswer>('SkillChangeAnswer'), {
      summary: 'Assess a skill',
      body: skillAssessmentSchema,
    }), // modules/skills/skills.controller.ts#assess
    signedIn('DELETE /me/skills/{skill}', json<SkillChangeAnswer>('SkillChangeAnswer'), {
      summary: 'Remove a skill',
      params: skillParamSchema,
    }), // modules/skills/skills.controller.ts#remove
    admin('GET /admin/skills-matrix', json<SkillsMatrixAnswer>('SkillsMatrixAnswer'), {
      summary: 'The skills matrix',
      query: skillsMatrixQuerySchema,
    }), // modules/skills/skills.controller.ts#matrix
    admin('GET /admin/skills-matrix/export', workbookFile, {
      summary: 'The skills matrix as a workbook',
      query: skillsMatrixQuerySchema,
    }), // modules/skills/skills.controller.ts#export
  ],
} satisfies RouteGroup;

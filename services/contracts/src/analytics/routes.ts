import {
  signedIn,
  admin,
  json,
  workbookFile,
  type JsonResponse,
  type RouteGroup,
} from '../kernel/api-routes';
import { readWithWorkbook, settingRoutes } from '../kernel/route-shapes';
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

const skills = settingRoutes(signedIn, '/me/skills');

/** An imported report at `path`: the upload of a month's export, its figures and their workbook. */
function importedReport<
  const P extends `/admin/analytics/${string}`,
  const Res extends JsonResponse,
  const Q extends z.ZodType,
>(
  path: P,
  importSummary: string,
  response: Res,
  details: { readonly summary: string; readonly query: Q },
  exportSummary: string,
) {
  return [
    admin(`POST ${path}/imports`, json<ImportOutcome>('ImportOutcome'), {
      summary: importSummary,
      body: { multipart: 'The export file of the month (field `file`).' },
    }),
    ...readWithWorkbook(admin, path, response, details, exportSummary),
  ] as const;
}

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
    // modules/analytics-imports/analytics-imports.controller.ts#importAzure, #azure, #azureExport
    ...importedReport(
      '/admin/analytics/azure-cost',
      'Import an Azure cost export',
      json<AzureCostAnswer>('AzureCostAnswer'),
      { summary: 'Azure cost, by month and service', query: azureCostQuerySchema },
      'Azure cost as a workbook',
    ),
    // modules/analytics-imports/analytics-imports.controller.ts#importOffice365, #office365, #office365Export
    ...importedReport(
      '/admin/analytics/office365',
      'Import an Office 365 export',
      json<Office365Answer>('Office365Answer'),
      { summary: 'Office 365 licences and usage', query: office365QuerySchema },
      'Office 365 licences as a workbook',
    ),
    skills.read(json<MySkill[]>('MySkill[]'), 'Own skills'), // modules/skills/skills.controller.ts#list
    skills.set(json<SkillChangeAnswer>('SkillChangeAnswer'), 'Assess a skill', skillAssessmentSchema), // modules/skills/skills.controller.ts#assess
    signedIn('DELETE /me/skills/{skill}', json<SkillChangeAnswer>('SkillChangeAnswer'), {
      summary: 'Remove a skill',
      params: skillParamSchema,
    }), // modules/skills/skills.controller.ts#remove
    // modules/skills/skills.controller.ts#matrix, #export
    ...readWithWorkbook(
      admin,
      '/admin/skills-matrix',
      json<SkillsMatrixAnswer>('SkillsMatrixAnswer'),
      { summary: 'The skills matrix', query: skillsMatrixQuerySchema },
      'The skills matrix as a workbook',
    ),
  ],
} satisfies RouteGroup;

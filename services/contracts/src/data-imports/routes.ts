import { admin, json, workbookFile, type RouteGroup } from '../kernel/api-routes';
import {
  dataImportIdParamSchema,
  dataImportKindParamSchema,
  dataImportUploadQuerySchema,
  type DataImportApplyStarted,
  type DataImportReport,
  type DataImportStatus,
} from '../data-imports';

/** The data-import routes, as the API serves them (see kernel/api-routes.ts). */
export const dataImportRoutes = {
  tag: 'data-imports',
  description:
    "Bringing a firm's existing data from files: templates, the dry run, applying it as a job and its progress. docs/api.md, Data imports.",
  routes: [
    admin('GET /admin/imports/templates/{kind}', workbookFile, {
      summary: 'The template of an import kind',
      params: dataImportKindParamSchema,
    }), // modules/data-imports/data-imports.controller.ts#template
    admin('POST /admin/imports', json<DataImportReport>('DataImportReport'), {
      summary: 'Upload a file and check it (a dry run: nothing is applied)',
      query: dataImportUploadQuerySchema,
      body: { multipart: 'The xlsx or CSV file (field `file`).' },
      errors: [413],
    }), // modules/data-imports/data-imports.controller.ts#check
    admin('GET /admin/imports/{id}', json<DataImportStatus>('DataImportStatus'), {
      summary: "An import's report and how far applying it has come",
      params: dataImportIdParamSchema,
    }), // modules/data-imports/data-imports.controller.ts#status
    admin('POST /admin/imports/{id}/apply', json<DataImportApplyStarted>('DataImportApplyStarted'), {
      summary: 'Apply a checked import (a job; read its progress from the status)',
      params: dataImportIdParamSchema,
      status: 202,
    }), // modules/data-imports/data-imports.controller.ts#apply
  ],
} satisfies RouteGroup;

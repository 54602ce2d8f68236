import { admin, json, file, type RouteGroup } from '../kernel/api-routes';
import {
  candidateIdParamSchema,
  candidateRequestSchema,
  type CandidateView,
  type CandidateOutcome,
  type ResumeUploadResponse,
} from '../hiring';

/** The hiring routes, as the API serves them (see kernel/api-routes.ts). */
export const hiringRoutes = {
  tag: 'hiring',
  description: 'Hiring for admins: candidates and their resumes. docs/api.md, Hiring.',
  routes: [
    admin('GET /admin/hiring/candidates', json<CandidateView[]>('CandidateView[]'), {
      summary: 'List candidates',
    }), // modules/hiring/hiring.controller.ts#list
    admin('POST /admin/hiring/candidates', json<CandidateOutcome>('CandidateOutcome'), {
      summary: 'Add a candidate',
      body: candidateRequestSchema,
    }), // modules/hiring/hiring.controller.ts#add
    admin('PUT /admin/hiring/candidates/{id}', json<CandidateOutcome>('CandidateOutcome'), {
      summary: 'Change a candidate',
      params: candidateIdParamSchema,
      body: candidateRequestSchema,
    }), // modules/hiring/hiring.controller.ts#update
    admin('DELETE /admin/hiring/candidates/{id}', json<CandidateOutcome>('CandidateOutcome'), {
      summary: 'Remove a candidate',
      params: candidateIdParamSchema,
    }), // modules/hiring/hiring.controller.ts#remove
    admin('POST /admin/hiring/candidates/{id}/erase', json<CandidateOutcome>('CandidateOutcome'), {
      summary: "Erase a candidate's personal data",
      params: candidateIdParamSchema,
      status: 200,
    }), // modules/hiring/hiring.controller.ts#erase
    admin('POST /admin/hiring/resumes', json<ResumeUploadResponse>('ResumeUploadResponse'), {
      summary: 'Upload a resume',
      body: { multipart: 'One file in the field `file`.' },
    }), // modules/hiring/hiring.controller.ts#upload
    admin(
      'GET /admin/hiring/candidates/{id}/resume',
      file('application/pdf', 'The resume (PDF or Word document), inline.'),
      { summary: "A candidate's resume", params: candidateIdParamSchema },
    ), // modules/hiring/hiring.controller.ts#resume
  ],
} satisfies RouteGroup;

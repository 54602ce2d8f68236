import { admin, json, file, type RouteGroup } from '../kernel/api-routes';
import { resourceRoutes } from '../kernel/route-shapes';
import {
  candidateIdParamSchema,
  candidateRequestSchema,
  type CandidateView,
  type CandidateOutcome,
  type ResumeUploadResponse,
} from '../hiring';

const candidates = resourceRoutes(
  admin,
  '/admin/hiring/candidates',
  candidateIdParamSchema,
  candidateRequestSchema,
);
const outcome = json<CandidateOutcome>('CandidateOutcome');

/** The hiring routes, as the API serves them (see kernel/api-routes.ts). */
export const hiringRoutes = {
  tag: 'hiring',
  description: 'Hiring for admins: candidates and their resumes. docs/api.md, Hiring.',
  routes: [
    candidates.list(json<CandidateView[]>('CandidateView[]'), { summary: 'List candidates' }), // modules/hiring/hiring.controller.ts#list
    candidates.add(outcome, 'Add a candidate'), // modules/hiring/hiring.controller.ts#add
    candidates.change(outcome, 'Change a candidate'), // modules/hiring/hiring.controller.ts#update
    candidates.remove(outcome, 'Remove a candidate'), // modules/hiring/hiring.controller.ts#remove
    candidates.action('erase', outcome, { summary: "Erase a candidate's personal data" }), // modules/hiring/hiring.controller.ts#erase
    admin('POST /admin/hiring/resumes', json<ResumeUploadResponse>('ResumeUploadResponse'), {
      summary: 'Upload a resume',
      body: { multipart: 'One file in the field `file`.' },
    }), // modules/hiring/hiring.controller.ts#upload
    admin(
      'GET /admin/hiring/candidates/{id}/resume',
      file(
        'application/pdf',
        'The resume (PDF, image or Word document) as an attachment, with Content-Security-Policy: sandbox and nosniff.',
      ),
      { summary: "A candidate's resume", params: candidateIdParamSchema },
    ), // modules/hiring/hiring.controller.ts#resume
  ],
} satisfies RouteGroup;

import { file, json, route, type RouteGroup } from '../kernel/api-routes';
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
    route({
      method: 'get',
      path: '/admin/hiring/candidates',
      summary: 'List candidates',
      access: 'admin',
      response: json<CandidateView[]>('CandidateView[]'),
    }), // modules/hiring/hiring.controller.ts#list
    route({
      method: 'post',
      path: '/admin/hiring/candidates',
      summary: 'Add a candidate',
      access: 'admin',
      body: candidateRequestSchema,
      response: json<CandidateOutcome>('CandidateOutcome'),
    }), // modules/hiring/hiring.controller.ts#add
    route({
      method: 'put',
      path: '/admin/hiring/candidates/{id}',
      summary: 'Change a candidate',
      access: 'admin',
      params: candidateIdParamSchema,
      body: candidateRequestSchema,
      response: json<CandidateOutcome>('CandidateOutcome'),
    }), // modules/hiring/hiring.controller.ts#update
    route({
      method: 'delete',
      path: '/admin/hiring/candidates/{id}',
      summary: 'Remove a candidate',
      access: 'admin',
      params: candidateIdParamSchema,
      response: json<CandidateOutcome>('CandidateOutcome'),
    }), // modules/hiring/hiring.controller.ts#remove
    route({
      method: 'post',
      path: '/admin/hiring/candidates/{id}/erase',
      summary: "Erase a candidate's personal data",
      access: 'admin',
      params: candidateIdParamSchema,
      status: 200,
      response: json<CandidateOutcome>('CandidateOutcome'),
    }), // modules/hiring/hiring.controller.ts#erase
    route({
      method: 'post',
      path: '/admin/hiring/resumes',
      summary: 'Upload a resume',
      access: 'admin',
      body: { multipart: 'One file in the field `file`.' },
      response: json<ResumeUploadResponse>('ResumeUploadResponse'),
    }), // modules/hiring/hiring.controller.ts#upload
    route({
      method: 'get',
      path: '/admin/hiring/candidates/{id}/resume',
      summary: "A candidate's resume",
      access: 'admin',
      params: candidateIdParamSchema,
      response: file('application/pdf', 'The resume (PDF or Word document), inline.'),
    }), // modules/hiring/hiring.controller.ts#resume
  ],
} satisfies RouteGroup;

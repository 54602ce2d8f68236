import { signedIn, admin, json, type RouteGroup } from '../kernel/api-routes';
import {
  clientIdParamSchema,
  clientRequestSchema,
  projectIdParamSchema,
  projectRequestSchema,
  type AdminClient,
  type ClientSaved,
  type ProjectDeleteOutcome,
  type ProjectSaved,
  type AdminOwner,
  type AdminProject,
  type ProjectDetail,
  type ProjectOption,
} from '../catalog';

/** The catalog routes, as the API serves them (see kernel/api-routes.ts). */
export const catalogRoutes = {
  tag: 'catalog',
  description:
    'Clients, owners and projects: the admin catalog and the projects a person may use. docs/api.md, Projects; Clients and projects admin.',
  routes: [
    admin('GET /admin/clients', json<AdminClient[]>('AdminClient[]'), { summary: 'List clients' }), // modules/catalog/admin-catalog.controller.ts#clients
    admin('POST /admin/clients', json<ClientSaved>('ClientSaved'), {
      summary: 'Add a client',
      body: clientRequestSchema,
    }), // modules/catalog/admin-catalog.controller.ts#addClient
    admin('PUT /admin/clients/{id}', json<ClientSaved>('ClientSaved'), {
      summary: 'Change a client',
      params: clientIdParamSchema,
      body: clientRequestSchema,
    }), // modules/catalog/admin-catalog.controller.ts#changeClient
    admin('GET /admin/owners', json<AdminOwner[]>('AdminOwner[]'), { summary: 'List owners' }), // modules/catalog/admin-catalog.controller.ts#owners
    admin('GET /admin/projects', json<AdminProject[]>('AdminProject[]'), {
      summary: 'List projects (admin)',
    }), // modules/catalog/admin-catalog.controller.ts#projects
    admin('GET /admin/projects/{id}', json<AdminProject>('AdminProject'), {
      summary: 'One project (admin)',
      params: projectIdParamSchema,
    }), // modules/catalog/admin-catalog.controller.ts#project
    admin('POST /admin/projects', json<ProjectSaved>('ProjectSaved'), {
      summary: 'Add a project',
      body: projectRequestSchema,
    }), // modules/catalog/admin-catalog.controller.ts#addProject
    admin('PUT /admin/projects/{id}', json<ProjectSaved>('ProjectSaved'), {
      summary: 'Change a project',
      params: projectIdParamSchema,
      body: projectRequestSchema,
    }), // modules/catalog/admin-catalog.controller.ts#changeProject
    admin('DELETE /admin/projects/{id}', json<ProjectDeleteOutcome>('ProjectDeleteOutcome'), {
      summary: 'Delete a project',
      params: projectIdParamSchema,
    }), // modules/catalog/admin-catalog.controller.ts#deleteProject
    signedIn('GET /projects/billable', json<ProjectOption[]>('ProjectOption[]'), {
      summary: 'Projects the person may bill',
    }), // modules/catalog/catalog.controller.ts#billable
    signedIn('GET /projects/sub-projects', json<ProjectOption[]>('ProjectOption[]'), {
      summary: "The umbrella project's sub-projects",
    }), // modules/catalog/catalog.controller.ts#subProjects
    signedIn('GET /projects/{id}', json<ProjectDetail>('ProjectDetail'), {
      summary: 'One project',
      params: projectIdParamSchema,
    }), // modules/catalog/catalog.controller.ts#project
  ],
} satisfies RouteGroup;

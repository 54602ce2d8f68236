import { json, route, type RouteGroup } from '../kernel/api-routes';
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
    route({
      method: 'get',
      path: '/admin/clients',
      summary: 'List clients',
      access: 'admin',
      response: json<AdminClient[]>('AdminClient[]'),
    }), // modules/catalog/admin-catalog.controller.ts#clients
    route({
      method: 'post',
      path: '/admin/clients',
      summary: 'Add a client',
      access: 'admin',
      body: clientRequestSchema,
      response: json<ClientSaved>('ClientSaved'),
    }), // modules/catalog/admin-catalog.controller.ts#addClient
    route({
      method: 'put',
      path: '/admin/clients/{id}',
      summary: 'Change a client',
      access: 'admin',
      params: clientIdParamSchema,
      body: clientRequestSchema,
      response: json<ClientSaved>('ClientSaved'),
    }), // modules/catalog/admin-catalog.controller.ts#changeClient
    route({
      method: 'get',
      path: '/admin/owners',
      summary: 'List owners',
      access: 'admin',
      response: json<AdminOwner[]>('AdminOwner[]'),
    }), // modules/catalog/admin-catalog.controller.ts#owners
    route({
      method: 'get',
      path: '/admin/projects',
      summary: 'List projects (admin)',
      access: 'admin',
      response: json<AdminProject[]>('AdminProject[]'),
    }), // modules/catalog/admin-catalog.controller.ts#projects
    route({
      method: 'get',
      path: '/admin/projects/{id}',
      summary: 'One project (admin)',
      access: 'admin',
      params: projectIdParamSchema,
      response: json<AdminProject>('AdminProject'),
    }), // modules/catalog/admin-catalog.controller.ts#project
    route({
      method: 'post',
      path: '/admin/projects',
      summary: 'Add a project',
      access: 'admin',
      body: projectRequestSchema,
      response: json<ProjectSaved>('ProjectSaved'),
    }), // modules/catalog/admin-catalog.controller.ts#addProject
    route({
      method: 'put',
      path: '/admin/projects/{id}',
      summary: 'Change a project',
      access: 'admin',
      params: projectIdParamSchema,
      body: projectRequestSchema,
      response: json<ProjectSaved>('ProjectSaved'),
    }), // modules/catalog/admin-catalog.controller.ts#changeProject
    route({
      method: 'delete',
      path: '/admin/projects/{id}',
      summary: 'Delete a project',
      access: 'admin',
      params: projectIdParamSchema,
      response: json<ProjectDeleteOutcome>('ProjectDeleteOutcome'),
    }), // modules/catalog/admin-catalog.controller.ts#deleteProject
    route({
      method: 'get',
      path: '/projects/billable',
      summary: 'Projects the person may bill',
      access: 'signed-in',
      response: json<ProjectOption[]>('ProjectOption[]'),
    }), // modules/catalog/catalog.controller.ts#billable
    route({
      method: 'get',
      path: '/projects/sub-projects',
      summary: "The umbrella project's sub-projects",
      access: 'signed-in',
      response: json<ProjectOption[]>('ProjectOption[]'),
    }), // modules/catalog/catalog.controller.ts#subProjects
    route({
      method: 'get',
      path: '/projects/{id}',
      summary: 'One project',
      access: 'signed-in',
      params: projectIdParamSchema,
      response: json<ProjectDetail>('ProjectDetail'),
    }), // modules/catalog/catalog.controller.ts#project
  ],
} satisfies RouteGroup;

import { signedIn, admin, json, type RouteGroup } from '../kernel/api-routes';
import { resourceRoutes } from '../kernel/route-shapes';
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
  ownerIdParamSchema,
  ownerTimeZoneRequestSchema,
  type OwnerTimeZoneSaved,
} from '../catalog';

const clients = resourceRoutes(admin, '/admin/clients', clientIdParamSchema, clientRequestSchema);
const projects = resourceRoutes(admin, '/admin/projects', projectIdParamSchema, projectRequestSchema);

/** The catalog routes, as the API serves them (see kernel/api-routes.ts). */
export const catalogRoutes = {
  tag: 'catalog',
  description:
    'Clients, owners and projects: the admin catalog and the projects a person may use. docs/api.md, Projects; Clients and projects admin.',
  routes: [
    clients.list(json<AdminClient[]>('AdminClient[]'), { summary: 'List clients' }), // modules/catalog/admin-catalog.controller.ts#clients
    clients.add(json<ClientSaved>('ClientSaved'), 'Add a client'), // modules/catalog/admin-catalog.controller.ts#addClient
    clients.change(json<ClientSaved>('ClientSaved'), 'Change a client'), // modules/catalog/admin-catalog.controller.ts#changeClient
    admin('GET /admin/owners', json<AdminOwner[]>('AdminOwner[]'), { summary: 'List owners' }), // modules/catalog/admin-catalog.controller.ts#owners
    admin('PUT /admin/owners/{id}/time-zone', json<OwnerTimeZoneSaved>('OwnerTimeZoneSaved'), {
      summary: "Set an owner's time zone",
      description:
        "Every business date of the owner's people follows it (today, the entry windows, late entry). Admins of that owner only (a sightstream admin: owner 2); an unknown IANA zone is 400 naming timeZone.",
      params: ownerIdParamSchema,
      body: ownerTimeZoneRequestSchema,
    }), // modules/catalog/admin-catalog.controller.ts#setTimeZone
    projects.list(json<AdminProject[]>('AdminProject[]'), { summary: 'List projects (admin)' }), // modules/catalog/admin-catalog.controller.ts#projects
    projects.one(json<AdminProject>('AdminProject'), 'One project (admin)'), // modules/catalog/admin-catalog.controller.ts#project
    projects.add(json<ProjectSaved>('ProjectSaved'), 'Add a project'), // modules/catalog/admin-catalog.controller.ts#addProject
    projects.change(json<ProjectSaved>('ProjectSaved'), 'Change a project'), // modules/catalog/admin-catalog.controller.ts#changeProject
    projects.remove(json<ProjectDeleteOutcome>('ProjectDeleteOutcome'), 'Delete a project'), // modules/catalog/admin-catalog.controller.ts#deleteProject
    signedIn('GET /projects/billable', json<ProjectOption[]>('ProjectOption[]'), {
      summary: 'Projects the person may bill',
    }), // modules/catalog/catalog.controller.ts#billable
    signedIn('GET /projects/sub-projects', json<ProjectOption[]>('ProjectOption[]'), {
      summary: "The umbrella project's sub-projects",
    }), // modules/catalog/catalog.controller.ts#subProjects
    signedIn('GET /projects/{id}', json<ProjectDetail>('ProjectDetail'), {
      summary: 'One project (people on its roster and admins)',
      description:
        "For the people on the project's roster and for admins (a sightstream admin: owner 2 only); anyone else gets 404 as for an unknown project.",
      params: projectIdParamSchema,
    }), // modules/catalog/catalog.controller.ts#project
  ],
} satisfies RouteGroup;

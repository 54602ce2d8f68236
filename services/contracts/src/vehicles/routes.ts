import { admin, json, type RouteGroup } from '../kernel/api-routes';
import {
  codeListEntryRequestSchema,
  codeListsQuerySchema,
  type CodeListEntry,
  type VehicleChangeAnswer,
  type VehicleOptions,
  type VehicleRevealResponse,
  type VehicleView,
  vehicleIdParamSchema,
  vehicleRequestSchema,
} from '../vehicles';
import type { CodeListEntryAnswer } from '../vehicles';

/** The vehicles routes, as the API serves them (see kernel/api-routes.ts). */
export const vehiclesRoutes = {
  tag: 'vehicles',
  description: 'Vehicles and code lists for admins. docs/api.md, Vehicles and code lists.',
  routes: [
    admin('GET /admin/vehicles', json<VehicleView[]>('VehicleView[]'), { summary: 'List vehicles' }), // modules/vehicles/vehicles.controller.ts#list
    admin('GET /admin/vehicles/expiring', json<VehicleView[]>('VehicleView[]'), {
      summary: 'Vehicles whose registration expires soon',
    }), // modules/vehicles/vehicles.controller.ts#expiring
    admin('GET /admin/vehicles/options', json<VehicleOptions>('VehicleOptions'), {
      summary: "The vehicle form's choices",
    }), // modules/vehicles/vehicles.controller.ts#options
    admin('GET /admin/vehicles/{id}', json<VehicleView>('VehicleView'), {
      summary: 'One vehicle',
      params: vehicleIdParamSchema,
    }), // modules/vehicles/vehicles.controller.ts#get
    admin('POST /admin/vehicles', json<VehicleChangeAnswer>('VehicleChangeAnswer'), {
      summary: 'Register a vehicle',
      body: vehicleRequestSchema,
    }), // modules/vehicles/vehicles.controller.ts#register
    admin('PUT /admin/vehicles/{id}', json<VehicleChangeAnswer>('VehicleChangeAnswer'), {
      summary: 'Change a vehicle',
      params: vehicleIdParamSchema,
      body: vehicleRequestSchema,
    }), // modules/vehicles/vehicles.controller.ts#change
    admin('DELETE /admin/vehicles/{id}', json<VehicleChangeAnswer>('VehicleChangeAnswer'), {
      summary: 'Remove a vehicle',
      params: vehicleIdParamSchema,
    }), // modules/vehicles/vehicles.controller.ts#remove
    admin('POST /admin/vehicles/{id}/reveal', json<VehicleRevealResponse>('VehicleRevealResponse'), {
      summary: "Reveal a vehicle's licence number (recorded)",
      description:
        'The licence number in the clear, recorded; the answer is never stored with the Idempotency-Key.',
      params: vehicleIdParamSchema,
      status: 200,
    }), // modules/vehicles/vehicles.controller.ts#reveal
    admin('GET /admin/code-lists', json<CodeListEntry[]>('CodeListEntry[]'), {
      summary: "List a code list's entries",
      query: codeListsQuerySchema,
    }), // modules/vehicles/vehicles.controller.ts#codeLists
    admin('POST /admin/code-lists', json<CodeListEntryAnswer>('CodeListEntryAnswer'), {
      summary: 'Add a code list entry',
      body: codeListEntryRequestSchema,
    }), // modules/vehicles/vehicles.controller.ts#addEntry
  ],
} satisfies RouteGroup;

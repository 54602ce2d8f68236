import { json, route, type RouteGroup } from '../kernel/api-routes';
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
    route({
      method: 'get',
      path: '/admin/vehicles',
      summary: 'List vehicles',
      access: 'admin',
      response: json<VehicleView[]>('VehicleView[]'),
    }), // modules/vehicles/vehicles.controller.ts#list
    route({
      method: 'get',
      path: '/admin/vehicles/expiring',
      summary: 'Vehicles whose registration expires soon',
      access: 'admin',
      response: json<VehicleView[]>('VehicleView[]'),
    }), // modules/vehicles/vehicles.controller.ts#expiring
    route({
      method: 'get',
      path: '/admin/vehicles/options',
      summary: "The vehicle form's choices",
      access: 'admin',
      response: json<VehicleOptions>('VehicleOptions'),
    }), // modules/vehicles/vehicles.controller.ts#options
    route({
      method: 'get',
      path: '/admin/vehicles/{id}',
      summary: 'One vehicle',
      access: 'admin',
      params: vehicleIdParamSchema,
      response: json<VehicleView>('VehicleView'),
    }), // modules/vehicles/vehicles.controller.ts#get
    route({
      method: 'post',
      path: '/admin/vehicles',
      summary: 'Register a vehicle',
      access: 'admin',
      body: vehicleRequestSchema,
      response: json<VehicleChangeAnswer>('VehicleChangeAnswer'),
    }), // modules/vehicles/vehicles.controller.ts#register
    route({
      method: 'put',
      path: '/admin/vehicles/{id}',
      summary: 'Change a vehicle',
      access: 'admin',
      params: vehicleIdParamSchema,
      body: vehicleRequestSchema,
      response: json<VehicleChangeAnswer>('VehicleChangeAnswer'),
    }), // modules/vehicles/vehicles.controller.ts#change
    route({
      method: 'delete',
      path: '/admin/vehicles/{id}',
      summary: 'Remove a vehicle',
      access: 'admin',
      params: vehicleIdParamSchema,
      response: json<VehicleChangeAnswer>('VehicleChangeAnswer'),
    }), // modules/vehicles/vehicles.controller.ts#remove
    route({
      method: 'post',
      path: '/admin/vehicles/{id}/reveal',
      summary: "Reveal a vehicle's licence number (recorded)",
      description:
        'The licence number in the clear, recorded; the answer is never stored with the Idempotency-Key.',
      access: 'admin',
      params: vehicleIdParamSchema,
      status: 200,
      response: json<VehicleRevealResponse>('VehicleRevealResponse'),
    }), // modules/vehicles/vehicles.controller.ts#reveal
    route({
      method: 'get',
      path: '/admin/code-lists',
      summary: "List a code list's entries",
      access: 'admin',
      query: codeListsQuerySchema,
      response: json<CodeListEntry[]>('CodeListEntry[]'),
    }), // modules/vehicles/vehicles.controller.ts#codeLists
    route({
      method: 'post',
      path: '/admin/code-lists',
      summary: 'Add a code list entry',
      access: 'admin',
      body: codeListEntryRequestSchema,
      response: json<CodeListEntryAnswer>('CodeListEntryAnswer'),
    }), // modules/vehicles/vehicles.controller.ts#addEntry
  ],
} satisfies RouteGroup;

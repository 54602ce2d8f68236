import { admin, json, type RouteGroup } from '../kernel/api-routes';
import { collectionRoutes, resourceRoutes } from '../kernel/route-shapes';
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

const vehicles = resourceRoutes(admin, '/admin/vehicles', vehicleIdParamSchema, vehicleRequestSchema);
const codeLists = collectionRoutes(admin, '/admin/code-lists', codeListEntryRequestSchema);
const changed = json<VehicleChangeAnswer>('VehicleChangeAnswer');

/** The vehicles routes, as the API serves them (see kernel/api-routes.ts). */
export const vehiclesRoutes = {
  tag: 'vehicles',
  description: 'Vehicles and code lists for admins. docs/api.md, Vehicles and code lists.',
  routes: [
    vehicles.list(json<VehicleView[]>('VehicleView[]'), { summary: 'List vehicles' }), // modules/vehicles/vehicles.controller.ts#list
    vehicles.read(
      'expiring',
      json<VehicleView[]>('VehicleView[]'),
      'Vehicles whose registration expires soon',
    ), // modules/vehicles/vehicles.controller.ts#expiring
    vehicles.read('options', json<VehicleOptions>('VehicleOptions'), "The vehicle form's choices"), // modules/vehicles/vehicles.controller.ts#options
    vehicles.one(json<VehicleView>('VehicleView'), 'One vehicle'), // modules/vehicles/vehicles.controller.ts#get
    vehicles.add(changed, 'Register a vehicle'), // modules/vehicles/vehicles.controller.ts#register
    vehicles.change(changed, 'Change a vehicle'), // modules/vehicles/vehicles.controller.ts#change
    vehicles.remove(changed, 'Remove a vehicle'), // modules/vehicles/vehicles.controller.ts#remove
    vehicles.action('reveal', json<VehicleRevealResponse>('VehicleRevealResponse'), {
      summary: "Reveal a vehicle's licence number (recorded)",
      description:
        'The licence number in the clear, recorded; the answer is never stored with the Idempotency-Key.',
    }), // modules/vehicles/vehicles.controller.ts#reveal
    codeLists.list(json<CodeListEntry[]>('CodeListEntry[]'), {
      summary: "List a code list's entries",
      query: codeListsQuerySchema,
    }), // modules/vehicles/vehicles.controller.ts#codeLists
    codeLists.add(json<CodeListEntryAnswer>('CodeListEntryAnswer'), 'Add a code list entry'), // modules/vehicles/vehicles.controller.ts#addEntry
  ],
} satisfies RouteGroup;

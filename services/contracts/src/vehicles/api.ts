import { z } from 'zod';
import { isBusinessDate, type BusinessDate } from '../kernel/dates';
import { anyValue, isBlank, refuse, requestObject } from '../kernel/fields';
import { bodyIdField, idField } from '../kernel/ids';
import { freeTextProblem } from '../kernel/text';
import {
  VEHICLE_CODE_LIST_IDS,
  VEHICLE_FIELD_LABELS as LABEL,
  normaliseVin,
  vehicleMessages,
  vinProblem,
  type VehicleCodeListId,
  type VehicleDetails,
} from './vehicles';

/** Requests of /api/admin/vehicles and /api/admin/code-lists: zod schemas naming field and rule. */

/** The longest text field of a vehicle or a code-list entry, in characters (kernel/text.ts). */
export const VEHICLE_TEXT_MAX_LENGTH = 100;
/** The longest vehicle comment, in characters. */
export const VEHICLE_COMMENT_MAX_LENGTH = 1000;

function requiredText(label: string) {
  return anyValue().transform((value, ctx): string => {
    if (isBlank(value)) return refuse(ctx, vehicleMessages.required(label));
    if (typeof value !== 'string') return refuse(ctx, vehicleMessages.required(label));
    return checkedText(label, value.trim(), VEHICLE_TEXT_MAX_LENGTH, ctx);
  });
}

/** A trimmed text under the free-text rule and at most `max` characters. */
function checkedText(label: string, text: string, max: number, ctx: z.RefinementCtx): string {
  const problem = freeTextProblem(label, text, max, vehicleMessages.tooLong(label, max));
  return problem ? refuse(ctx, problem) : text;
}

function optionalText(label: string, max = VEHICLE_TEXT_MAX_LENGTH) {
  return anyValue().transform((value, ctx): string | null => {
    if (isBlank(value)) return null;
    if (typeof value !== 'string') return refuse(ctx, `${label} must be text`);
    return checkedText(label, value.trim(), max, ctx);
  });
}

const vinField = anyValue().transform((value, ctx): string | null => {
  if (isBlank(value)) return null;
  if (typeof value !== 'string') return refuse(ctx, vehicleMessages.vinCharacters);
  const problem = vinProblem(value);
  return problem ? refuse(ctx, problem) : normaliseVin(value);
});

const expiryField = anyValue().transform((value, ctx): BusinessDate | null => {
  if (isBlank(value)) return null;
  if (typeof value !== 'string' || !isBusinessDate(value.trim()))
    return refuse(ctx, `${LABEL.registryExpireDate} must be a date (YYYY-MM-DD)`);
  return value.trim();
});

/**
 * The form as sent: every field of the vehicle, but the licence number only when it changes
 * (absent: keep the stored one, which the form shows masked; blank or null: clear it).
 */
export type VehicleInput = Omit<VehicleDetails, 'driveLicense'> & {
  readonly driveLicense?: string | null;
};

const licenceField = anyValue()
  .optional()
  .transform((value, ctx): string | null | undefined => {
    if (value === undefined) return undefined;
    if (isBlank(value)) return null;
    if (typeof value !== 'string') return refuse(ctx, `${LABEL.driveLicense} must be text`);
    return checkedText(LABEL.driveLicense, value.trim(), VEHICLE_TEXT_MAX_LENGTH, ctx);
  });

/** POST /api/admin/vehicles and PUT /api/admin/vehicles/:id: the whole form. */
export const vehicleRequestSchema = requestObject({
  year: requiredText(LABEL.year),
  make: requiredText(LABEL.make),
  model: optionalText(LABEL.model),
  vin: vinField,
  projectId: bodyIdField(LABEL.projectId, vehicleMessages.required(LABEL.projectId)),
  issuedTo: bodyIdField(LABEL.issuedTo, vehicleMessages.required(LABEL.issuedTo)),
  registryExpireDate: expiryField,
  plateNumber: optionalText(LABEL.plateNumber),
  driveLicense: licenceField,
  insuranceCompany: requiredText(LABEL.insuranceCompany),
  financialInstitution: optionalText(LABEL.financialInstitution),
  easyTagNumber: optionalText(LABEL.easyTagNumber),
  gasCardNumber: requiredText(LABEL.gasCardNumber),
  comment: optionalText(LABEL.comment, VEHICLE_COMMENT_MAX_LENGTH),
}) satisfies z.ZodType<VehicleInput, unknown>;
export type VehicleRequest = z.input<typeof vehicleRequestSchema>;

/** The vehicle id of a path: 404 'Vehicle {id} does not exist.' when it cannot be one. */
export const vehicleIdParamSchema = requestObject({ id: idField('Vehicle') });

function isVehicleList(id: number): id is VehicleCodeListId {
  return (VEHICLE_CODE_LIST_IDS as readonly number[]).includes(id);
}

/** GET /api/admin/code-lists?ids=1,2,6,10 (absent: all four vehicle lists). */
export const codeListsQuerySchema = requestObject({
  ids: anyValue().transform((value, ctx): VehicleCodeListId[] => {
    if (isBlank(value)) return [...VEHICLE_CODE_LIST_IDS];
    if (typeof value !== 'string') return refuse(ctx, vehicleMessages.unknownList);
    const ids = value.split(',').map((part) => part.trim());
    const parsed = ids.map(Number).filter((id) => /^\d+$/.test(String(id)) && isVehicleList(id));
    if (parsed.length !== ids.length) return refuse(ctx, vehicleMessages.unknownList);
    return [...new Set(parsed)] as VehicleCodeListId[];
  }),
});

/** POST /api/admin/code-lists: a new entry of one of the vehicle lists. */
export const codeListEntryRequestSchema = requestObject({
  listId: anyValue().transform((value, ctx): VehicleCodeListId => {
    if (typeof value === 'number' && isVehicleList(value)) return value;
    return refuse(ctx, vehicleMessages.unknownList);
  }),
  title: anyValue().transform((value, ctx): string => {
    if (isBlank(value) || typeof value !== 'string') return refuse(ctx, vehicleMessages.titleRequired);
    return checkedText('Title', value.trim(), VEHICLE_TEXT_MAX_LENGTH, ctx);
  }),
  desc: optionalText('Description'),
});
export type CodeListEntryRequest = z.input<typeof codeListEntryRequestSchema>;

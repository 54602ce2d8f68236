import { PROJECT_FIELD_LABELS } from '../catalog/admin';
import { STAFF_FIELD_LABELS, STAFF_PLAIN_FIELDS, type StaffPlainField } from '../staff/staff-admin';
import { VEHICLE_FIELD_LABELS as V } from '../vehicles/vehicles';
import { timesheetFieldLabels } from '../timesheets/messages';
import type { DataImportKind } from './data-imports';

/** One column a layout takes: its heading, whether a file must have it, and what it holds. */
export interface DataImportColumn {
  readonly heading: string;
  readonly required: boolean;
  readonly help: string;
}

/**
 * A kind's layout: the sheet its template names (any one sheet is read: the first), the columns
 * by heading (compared without case or surrounding spaces), and what further columns hold, when
 * the headings themselves are data (a project per column, a month per column).
 */
export interface DataImportLayout {
  readonly sheet: string;
  readonly columns: readonly DataImportColumn[];
  readonly further?: string;
}

const yesNo = 'Yes or No';
const optional = (heading: string, help = 'Text.'): DataImportColumn => ({ heading, required: false, help });
const required = (heading: string, help = 'Text.'): DataImportColumn => ({ heading, required: true, help });

/** The client's columns: the key, then the Add New Client form's fields by their labels. */
export const CLIENT_IMPORT_COLUMNS = {
  clientId: required('Client ID', 'A whole number: the client is added under it, or changed when it exists.'),
  name: required('Client Name'),
  addressLine1: optional('Address Line 1'),
  addressLine2: optional('Address Line 2'),
  city: optional('City'),
  stateProvince: optional('State/Province'),
  countryRegion: optional('Country/Region'),
  zipPostalCode: optional('Postal Code'),
  phone: optional('Phone'),
  contacts: optional('Contacts', 'Name <e-mail>, several separated by ";".'),
} as const satisfies Record<string, DataImportColumn>;

const L = PROJECT_FIELD_LABELS;
/** The project's columns: the key, then the Add New Project form's fields by their labels. */
export const PROJECT_IMPORT_COLUMNS = {
  projectId: required(
    'Project ID',
    'A whole number: the project is opened under it, or changed when it exists.',
  ),
  clientId: required('Client ID', "The client's id (import clients first)."),
  ownerId: required('Owner ID', '1 for the firm, 2 for Sightstream.'),
  name: required(L.name),
  address: optional(L.address),
  phone: optional(L.phone),
  contactName1: optional(L.contactName1),
  contactEmail1: optional(L.contactEmail1),
  contactName2: optional(L.contactName2),
  contactEmail2: optional(L.contactEmail2),
  clientCc1: optional(L.clientCc1),
  clientCc2: optional(L.clientCc2),
  clientBcc1: optional(L.clientBcc1),
  clientBcc2: optional(L.clientBcc2),
  startDate: optional(L.startDate, 'A date (YYYY-MM-DD, or a date cell).'),
  lengthMonths: optional(L.lengthMonths, 'A whole number of months.'),
  internalBillingCode: optional(L.internalBillingCode),
  purchaseOrder: optional(L.purchaseOrder),
  poValue: optional(L.poValue, 'An amount with at most two decimals.'),
  costObject: optional(L.costObject),
  network: optional(L.network),
  vendorNumber: optional(L.vendorNumber),
  invoiceCurrency: required(L.invoiceCurrency, 'CAD or USD.'),
  billingCycle: required(L.billingCycle, 'As the project form lists them.'),
  isActive: required(L.isActive, yesNo),
  isSubProject: optional(L.isSubProject, yesNo),
} as const satisfies Record<string, DataImportColumn>;

/**
 * A person's columns, keyed by their work e-mail (the address they sign in with): the Add staff
 * member form's fields, the access flags, and the profile's plain fields by their labels (the
 * sealed ones, date of birth, licence, social number and bank, are not imported).
 */
export const STAFF_IMPORT_COLUMNS = {
  username: required(
    'Work e-mail',
    'The address they sign in with: added when no one has it, else their record is changed.',
  ),
  firstName: required('First Name'),
  middleName: optional('Middle Name'),
  lastName: required('Last Name'),
  ownerId: required('Owner ID', '1 for the firm, 2 for Sightstream (not changed for someone already there).'),
  startDate: optional('Start Date', 'A date (YYYY-MM-DD, or a date cell); for someone added.'),
  isAdmin: optional('Admin', yesNo),
  needReceipt: optional('Need Receipt', yesNo),
  canEditRoster: optional('Can Edit Roster', yesNo),
  isActive: optional('Active', yesNo),
  ...(Object.fromEntries(STAFF_PLAIN_FIELDS.map((f) => [f, optional(STAFF_FIELD_LABELS[f])])) as Record<
    StaffPlainField,
    DataImportColumn
  >),
} as const satisfies Record<string, DataImportColumn>;

/** A vehicle's columns, keyed by its VIN: the vehicle form's fields by their labels, ids for the project and the person. */
export const VEHICLE_IMPORT_COLUMNS = {
  vin: required(V.vin, 'The vehicle identification number: registered when no vehicle has it, else changed.'),
  year: required(V.year, 'As the Year list holds it.'),
  make: required(V.make, 'As the Make list holds it.'),
  model: optional(V.model),
  projectId: required('Project ID', 'The id of an open project.'),
  issuedTo: required('Issued To (staff ID)', 'The staff id of the person it is issued to.'),
  registryExpireDate: optional(V.registryExpireDate, 'A date (YYYY-MM-DD, or a date cell).'),
  plateNumber: optional(V.plateNumber),
  driveLicense: optional(V.driveLicense, 'Kept sealed; blank clears it.'),
  insuranceCompany: required(V.insuranceCompany, 'As the insurers list holds it.'),
  financialInstitution: optional(V.financialInstitution),
  easyTagNumber: optional(V.easyTagNumber),
  gasCardNumber: required(V.gasCardNumber, 'As the gas cards list holds it.'),
  comment: optional(V.comment),
} as const satisfies Record<string, DataImportColumn>;

export const ROSTER_IMPORT_COLUMNS = {
  name: required('Employee Name', "The person's name as the portal shows it."),
  company: required('Company', "The person's owner (the firm or Sightstream), by name."),
} as const satisfies Record<string, DataImportColumn>;

export const PLANNED_HOURS_IMPORT_COLUMNS = {
  name: required('Name', 'A person on the roster of the project chosen at upload.'),
} as const satisfies Record<string, DataImportColumn>;

const T = timesheetFieldLabels;
/**
 * Past time entries, one a row (decision 0287): who and which project by id, then the entry
 * columns of the Download Timesheet file (Date, Activity Comment, Hours, Overtime; its Value is
 * read past), so an export's rows paste under them. A row is keyed by person, project,
 * sub-project, day and activity: imported again, it changes nothing.
 */
export const TIMESHEET_HISTORY_IMPORT_COLUMNS = {
  employeeId: required('Staff ID', "The person's staff id (import staff first)."),
  projectId: required('Project ID', "The project's id; it may be closed since."),
  subProjectId: optional(
    'Sub Project ID',
    'Only for the umbrella project 45: the sub-project the time was on.',
  ),
  date: required(T.date, 'A date (YYYY-MM-DD, or a date cell), today or earlier.'),
  comment: required(T.comment, 'What was done, as the timesheet form takes it.'),
  hours: optional(T.hours, 'Hours in steps of 0.1 (whole hours for Sightstream).'),
  overtimeHours: optional('Overtime', 'Overtime hours, where the project has overtime.'),
} as const satisfies Record<string, DataImportColumn>;

export const DATA_IMPORT_LAYOUTS: Readonly<Record<DataImportKind, DataImportLayout>> = {
  clients: { sheet: 'Clients', columns: Object.values(CLIENT_IMPORT_COLUMNS) },
  projects: { sheet: 'Projects', columns: Object.values(PROJECT_IMPORT_COLUMNS) },
  staff: { sheet: 'Staff', columns: Object.values(STAFF_IMPORT_COLUMNS) },
  vehicles: { sheet: 'Vehicles', columns: Object.values(VEHICLE_IMPORT_COLUMNS) },
  roster: {
    sheet: 'Sheet 1',
    columns: Object.values(ROSTER_IMPORT_COLUMNS),
    further:
      'One column per project, headed by its name: Yes where the person may bill it, blank where not (the layout of employee-roster.xlsx).',
  },
  'planned-hours': {
    sheet: 'Planned Hours',
    columns: Object.values(PLANNED_HOURS_IMPORT_COLUMNS),
    further:
      "One column per month headed by its first day (01-MM-YYYY), whole hours or blank (0 reads as nothing planned); the export's Actual, Difference and Total columns and its Total Hours row are read past (the layout of PlannedHours.xlsx).",
  },
  'timesheet-history': {
    sheet: 'Timesheets',
    columns: Object.values(TIMESHEET_HISTORY_IMPORT_COLUMNS),
    further: "A Value column (the Download Timesheet file's) is read past.",
  },
};

import {
  projectRequestSchema,
  type AdminProject,
  type ProjectDeleteOutcome,
  type ProjectRequestInput,
} from '@portal/contracts';
import { fieldErrorsOf, zodProblems, type FieldErrors } from '../../lib/form-errors';

/** The project's main text fields; the form shows them first, beside client and owner. */
const MAIN_FIELDS = ['name', 'address', 'phone'] as const;

/** The other text fields in groups, as the form shows them. */
export const PROJECT_FIELD_GROUPS = [
  { legend: 'Contacts', fields: ['contactName1', 'contactEmail1', 'contactName2', 'contactEmail2'] },
  { legend: 'Client e-mail copies', fields: ['clientCc1', 'clientCc2', 'clientBcc1', 'clientBcc2'] },
  {
    legend: 'Term and billing',
    fields: [
      'startDate',
      'lengthMonths',
      'internalBillingCode',
      'purchaseOrder',
      'poValue',
      'costObject',
      'network',
      'vendorNumber',
    ],
  },
] as const;

export type ProjectTextField =
  (typeof MAIN_FIELDS)[number] | (typeof PROJECT_FIELD_GROUPS)[number]['fields'][number];

/** Every text field of the project form, in the order the form shows them. */
export const PROJECT_TEXT_FIELDS: readonly ProjectTextField[] = [
  ...MAIN_FIELDS,
  ...PROJECT_FIELD_GROUPS.flatMap((group) => group.fields),
];

export type ProjectDraft = Record<ProjectTextField, string> & {
  readonly clientId: number | null;
  readonly ownerId: number | null;
  readonly invoiceCurrency: string | null;
  readonly billingCycle: string | null;
  readonly isActive: boolean;
  readonly isSubProject: boolean;
};

/** Add New Project: nothing chosen, active ticked. */
export function newProjectDraft(ownerId: number | null): ProjectDraft {
  const texts = Object.fromEntries(PROJECT_TEXT_FIELDS.map((f) => [f, ''])) as Record<
    ProjectTextField,
    string
  >;
  return {
    ...texts,
    clientId: null,
    ownerId,
    invoiceCurrency: null,
    billingCycle: null,
    isActive: true,
    isSubProject: false,
  };
}

export function projectDraftOf(p: AdminProject): ProjectDraft {
  const texts = Object.fromEntries(
    PROJECT_TEXT_FIELDS.map((f) => [f, p[f] === null || p[f] === undefined ? '' : String(p[f])]),
  ) as Record<ProjectTextField, string>;
  return {
    ...texts,
    clientId: p.clientId,
    ownerId: p.ownerId,
    invoiceCurrency: p.invoiceCurrency,
    billingCycle: p.billingCycle,
    isActive: p.isActive,
    isSubProject: p.isSubProject,
  };
}

/** The request of a draft, checked by the contract's own schema (the messages the server gives). */
export function checkProjectDraft(
  draft: ProjectDraft,
): { ok: true; body: ProjectRequestInput } | { ok: false; errors: FieldErrors } {
  const body: ProjectRequestInput = { ...draft };
  const parsed = projectRequestSchema.safeParse(body);
  if (parsed.success) return { ok: true, body };
  return { ok: false, errors: fieldErrorsOf(zodProblems(parsed.error)) };
}

/** What a delete did, as the toast says it: removed, deactivated, or already inactive (nothing changed). */
export function deleteOutcomeMessage(name: string, outcome: ProjectDeleteOutcome['outcome']): string {
  if (outcome === 'removed') return `Project ${name} has been deleted.`;
  if (outcome === 'deactivated') return `Project ${name} has recorded history: it has been deactivated.`;
  return `Project ${name} has recorded history and is already inactive: nothing was changed.`;
}

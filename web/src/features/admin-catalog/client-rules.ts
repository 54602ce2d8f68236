import { clientRequestSchema, type AdminClient, type ClientRequestInput } from '@portal/contracts';
import { fieldErrorsOf, zodProblems, type FieldErrors } from '../../lib/form-errors';
import type { FieldProblem } from '../../lib/api';

export interface ContactDraft {
  /** Keeps React's row identity while rows are added and removed. */
  readonly key: string;
  readonly name: string;
  readonly email: string;
}

export interface ClientDraft {
  readonly name: string;
  readonly addressLine1: string;
  readonly addressLine2: string;
  readonly city: string;
  readonly stateProvince: string;
  readonly countryRegion: string;
  readonly zipPostalCode: string;
  readonly phone: string;
  readonly contacts: readonly ContactDraft[];
}

export type ClientTextField = Exclude<keyof ClientDraft, 'contacts'>;

let contactKeys = 0;
export const emptyContact = (): ContactDraft => ({ key: `contact-${++contactKeys}`, name: '', email: '' });

/** Add New Client: empty details and two empty contacts (spec §2). */
export function newClientDraft(): ClientDraft {
  return {
    name: '',
    addressLine1: '',
    addressLine2: '',
    city: '',
    stateProvince: '',
    countryRegion: '',
    zipPostalCode: '',
    phone: '',
    contacts: [emptyContact(), emptyContact()],
  };
}

export function clientDraftOf(client: AdminClient): ClientDraft {
  return {
    name: client.name,
    addressLine1: client.addressLine1 ?? '',
    addressLine2: client.addressLine2 ?? '',
    city: client.city ?? '',
    stateProvince: client.stateProvince ?? '',
    countryRegion: client.countryRegion ?? '',
    zipPostalCode: client.zipPostalCode ?? '',
    phone: client.phone ?? '',
    contacts: client.contacts.map((c) => ({ ...emptyContact(), name: c.name, email: c.email })),
  };
}

const isBlankContact = (c: ContactDraft) => c.name.trim() === '' && c.email.trim() === '';

/**
 * The request for a draft (contact rows left wholly empty are not sent) with the contract's own
 * checks; problems are keyed by the draft's rows ('contacts.1.email' is the second row shown).
 */
export function checkClientDraft(
  draft: ClientDraft,
): { ok: true; body: ClientRequestInput; rows: number[] } | { ok: false; errors: FieldErrors } {
  const rows = draft.contacts.flatMap((c, i) => (isBlankContact(c) ? [] : [i]));
  const { contacts, ...details } = draft;
  const body: ClientRequestInput = {
    ...details,
    contacts: rows.map((i) => ({ name: contacts[i]!.name, email: contacts[i]!.email })),
  };
  const parsed = clientRequestSchema.safeParse(body);
  if (parsed.success) return { ok: true, body, rows };
  return { ok: false, errors: clientErrorsOf(zodProblems(parsed.error), rows) };
}

/** Problems of a sent request (the server's or the contract's), keyed by the draft's rows. */
export function clientErrorsOf(problems: readonly FieldProblem[], rows: readonly number[]): FieldErrors {
  return fieldErrorsOf(
    problems.map((p) => {
      const m = /^contacts\.(\d+)\.(.+)$/.exec(p.path);
      return m ? { ...p, path: `contacts.${rows[Number(m[1])] ?? m[1]}.${m[2]}` } : p;
    }),
  );
}

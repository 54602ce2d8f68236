import {
  BILLING_CYCLES,
  INVOICE_CURRENCIES,
  UMBRELLA_PROJECT_ID,
  catalogAdminMessages,
  catalogMessages,
  changedFields,
  defaultProjectDetails,
  projectDetailsOf,
  projectUpdateOf,
  type BillingCycle,
  type Currency,
  type ProjectChanges,
  type ProjectClosed,
  type ProjectDetails,
  type ProjectEditableFields,
  type ProjectOpened,
  type ProjectRemoved,
  type ProjectReopened,
  type ProjectUpdated,
} from '@portal/contracts';
import { ProblemList, DomainError } from '../../../kernel/domain-error';
import { isFilledText, isPositiveWholeNumber } from '../../../kernel/rules';

/** Stream `project-{id}`: one project's terms (client, owner, billing cycle, currency, active). */
export const projectStreamId = (projectId: number): string => `project-${projectId}`;

export type ProjectEvent =
  | { readonly type: 'ProjectOpened'; readonly data: ProjectOpened }
  | { readonly type: 'ProjectUpdated'; readonly data: ProjectUpdated }
  | { readonly type: 'ProjectClosed'; readonly data: ProjectClosed }
  | { readonly type: 'ProjectReopened'; readonly data: ProjectReopened }
  | { readonly type: 'ProjectRemoved'; readonly data: ProjectRemoved };

/** What the handler found in the client's and owner's streams; the decider checks it. */
export interface ProjectReferences {
  readonly clientExists: boolean;
  readonly ownerExists: boolean;
}

export interface ProjectTerms {
  readonly clientId: number;
  readonly ownerId: number;
  readonly name: string;
  readonly billingCycle: string;
  readonly invoiceCurrency: string;
  readonly isActive: boolean;
}

/**
 * The owner whose projects the sender may manage (kernel/owner-scope.ts); null or absent: every
 * owner. A project of another owner is answered as unknown (404); asking to give a project to
 * another owner is refused (403).
 */
interface Scoped {
  readonly scope?: number | null;
}

export type OpenProject = Scoped & {
  readonly type: 'OpenProject';
  readonly data: { readonly projectId: number } & ProjectTerms & Partial<ProjectDetails>;
  readonly references: ProjectReferences;
};

export type UpdateProject = Scoped & {
  readonly type: 'UpdateProject';
  readonly data: { readonly projectId: number } & Partial<ProjectTerms> & Partial<ProjectDetails>;
  readonly references: ProjectReferences;
};

export type CloseProject = Scoped & {
  readonly type: 'CloseProject';
  readonly data: { readonly projectId: number };
};
export type ReopenProject = Scoped & {
  readonly type: 'ReopenProject';
  readonly data: { readonly projectId: number };
};
/** Delete: removes a project without history; one with recorded time or expenses is closed instead. */
export type DeleteProject = Scoped & {
  readonly type: 'DeleteProject';
  readonly data: { readonly projectId: number };
  readonly hasHistory: boolean;
};

export type ProjectCommand = OpenProject | UpdateProject | CloseProject | ReopenProject | DeleteProject;

export type ProjectState =
  | { readonly status: 'none' }
  | { readonly status: 'removed' }
  | {
      readonly status: 'open';
      readonly terms: ProjectEditableFields;
      readonly isActive: boolean;
    };

const FIELD_LABELS = {
  clientId: 'Client',
  ownerId: 'Owner',
  name: 'Project Name',
  billingCycle: 'Billing Cycle',
  invoiceCurrency: 'Invoice Currency',
  isActive: 'Active',
} as const;

/** Checks the given fields of a project's terms; absent fields are checked only when `required`. */
function checkTerms(
  terms: Partial<ProjectTerms>,
  references: ProjectReferences,
  required: boolean,
  problems: ProblemList,
): void {
  const present = (key: keyof ProjectTerms) => terms[key] !== undefined && terms[key] !== null;
  const missing = (key: keyof ProjectTerms) =>
    problems.add(key, catalogMessages.mustHaveValue(FIELD_LABELS[key]));

  if (present('clientId')) {
    if (!isPositiveWholeNumber(terms.clientId)) missing('clientId');
    else if (!references.clientExists)
      problems.add('clientId', catalogMessages.unknown('Client', terms.clientId));
  } else if (required) missing('clientId');

  if (present('ownerId')) {
    if (!isPositiveWholeNumber(terms.ownerId)) missing('ownerId');
    else if (!references.ownerExists)
      problems.add('ownerId', catalogMessages.unknown('Owner', terms.ownerId));
  } else if (required) missing('ownerId');

  if (present('name')) {
    if (!isFilledText(terms.name)) missing('name');
  } else if (required) missing('name');

  if (present('invoiceCurrency')) {
    if (!isFilledText(terms.invoiceCurrency)) missing('invoiceCurrency');
    else if (!(INVOICE_CURRENCIES as readonly string[]).includes(terms.invoiceCurrency.trim().toUpperCase()))
      problems.add(
        'invoiceCurrency',
        catalogMessages.mustBeOneOf(FIELD_LABELS.invoiceCurrency, INVOICE_CURRENCIES),
      );
  } else if (required) missing('invoiceCurrency');

  if (present('billingCycle')) {
    if (!isFilledText(terms.billingCycle)) missing('billingCycle');
    else if (!(BILLING_CYCLES as readonly string[]).includes(terms.billingCycle))
      problems.add('billingCycle', catalogMessages.mustBeOneOf(FIELD_LABELS.billingCycle, BILLING_CYCLES));
  } else if (required) missing('billingCycle');

  if (present('isActive')) {
    if (typeof terms.isActive !== 'boolean') missing('isActive');
  } else if (required) missing('isActive');
}

function normalisedChanges(terms: Partial<ProjectTerms>): ProjectChanges {
  const changes: { -readonly [K in keyof ProjectChanges]: ProjectChanges[K] } = {};
  if (terms.clientId !== undefined) changes.clientId = terms.clientId;
  if (terms.ownerId !== undefined) changes.ownerId = terms.ownerId;
  if (terms.name !== undefined) changes.name = terms.name.trim();
  if (terms.billingCycle !== undefined) changes.billingCycle = terms.billingCycle as BillingCycle;
  if (terms.invoiceCurrency !== undefined)
    changes.invoiceCurrency = terms.invoiceCurrency.trim().toUpperCase() as Currency;
  return changes;
}

/** The details given (absent ones left out), for an update or an opening. */
function givenDetails(data: Partial<ProjectDetails>): Partial<ProjectDetails> {
  const details: Record<string, unknown> = {};
  for (const key of DETAIL_KEYS) if (data[key] !== undefined) details[key] = data[key];
  return details as Partial<ProjectDetails>;
}

const DETAIL_KEYS = Object.keys(defaultProjectDetails(0)) as (keyof ProjectDetails)[];

function checkDetails(projectId: number, details: Partial<ProjectDetails>, problems: ProblemList): void {
  if (details.isSubProject === true && projectId === UMBRELLA_PROJECT_ID)
    problems.add('isSubProject', catalogAdminMessages.umbrellaNotOwnSub);
}

function notFound(projectId: number): DomainError {
  return new DomainError('not_found', catalogMessages.projectNotFound(projectId));
}

/** The open project in the sender's scope; anything else is unknown to them (404). */
function openInScope(
  state: ProjectState,
  projectId: number,
  scope: number | null | undefined,
): Extract<ProjectState, { status: 'open' }> {
  if (state.status !== 'open') throw notFound(projectId);
  if (scope !== undefined && scope !== null && state.terms.ownerId !== scope) throw notFound(projectId);
  return state;
}

/** A sender with a scope may not give a project to another owner (403). */
function checkOwnerInScope(ownerId: number | undefined, scope: number | null | undefined): void {
  if (scope === undefined || scope === null || ownerId === undefined) return;
  if (ownerId !== scope) throw DomainError.forbidden(catalogAdminMessages.otherOwner);
}

export const projectDecider = {
  initialState: (): ProjectState => ({ status: 'none' }),

  evolve(state: ProjectState, event: ProjectEvent): ProjectState {
    switch (event.type) {
      case 'ProjectOpened': {
        const e = event.data;
        const terms: ProjectEditableFields = {
          ...projectDetailsOf(e),
          clientId: e.clientId,
          ownerId: e.ownerId,
          name: e.name,
          billingCycle: e.billingCycle,
          invoiceCurrency: e.invoiceCurrency,
        };
        return { status: 'open', terms, isActive: e.isActive };
      }
      case 'ProjectUpdated': {
        if (state.status !== 'open') return state;
        return { ...state, terms: { ...state.terms, ...projectUpdateOf(event.data) } };
      }
      case 'ProjectClosed':
        return state.status === 'open' ? { ...state, isActive: false } : state;
      case 'ProjectReopened':
        return state.status === 'open' ? { ...state, isActive: true } : state;
      case 'ProjectRemoved':
        return { status: 'removed' };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },

  decide(command: ProjectCommand, state: ProjectState): ProjectEvent[] {
    switch (command.type) {
      case 'OpenProject': {
        const { projectId, isActive, ...rest } = command.data;
        const terms = { ...rest, isActive };
        const problems = new ProblemList();
        if (!isPositiveWholeNumber(projectId))
          problems.add('projectId', catalogMessages.mustBeWholeNumber('Project'));
        checkTerms(terms, command.references, true, problems);
        checkDetails(projectId, rest, problems);
        problems.throwIfAny();
        checkOwnerInScope(terms.ownerId, command.scope);
        if (state.status !== 'none')
          throw new DomainError('conflict', catalogMessages.alreadyExists('Project', projectId));
        const changes = normalisedChanges(terms) as Required<ProjectChanges>;
        return [
          {
            type: 'ProjectOpened',
            // Not given, a new project is not a sub-project (older events without it default otherwise).
            data: {
              projectId,
              ...changes,
              isActive,
              ...givenDetails(rest),
              isSubProject: rest.isSubProject ?? false,
            },
          },
        ];
      }
      case 'UpdateProject': {
        const { projectId, isActive, ...rest } = command.data;
        const open = openInScope(state, projectId, command.scope);
        const problems = new ProblemList();
        checkTerms({ ...rest, isActive }, command.references, false, problems);
        checkDetails(projectId, rest, problems);
        problems.throwIfAny();
        checkOwnerInScope(rest.ownerId, command.scope);
        const requested: Partial<ProjectEditableFields> = {
          ...givenDetails(rest),
          ...normalisedChanges(rest),
        };
        const changes = changedFields(open.terms, requested);
        const events: ProjectEvent[] = [];
        if (changes) events.push({ type: 'ProjectUpdated', data: { projectId, ...changes } });
        if (isActive === false && open.isActive) events.push({ type: 'ProjectClosed', data: { projectId } });
        if (isActive === true && !open.isActive)
          events.push({ type: 'ProjectReopened', data: { projectId } });
        return events;
      }
      case 'CloseProject': {
        const { projectId } = command.data;
        const open = openInScope(state, projectId, command.scope);
        return open.isActive ? [{ type: 'ProjectClosed', data: { projectId } }] : [];
      }
      case 'ReopenProject': {
        const { projectId } = command.data;
        const open = openInScope(state, projectId, command.scope);
        return open.isActive ? [] : [{ type: 'ProjectReopened', data: { projectId } }];
      }
      case 'DeleteProject': {
        const { projectId } = command.data;
        const open = openInScope(state, projectId, command.scope);
        if (!command.hasHistory)
          return [{ type: 'ProjectRemoved', data: { projectId, name: open.terms.name } }];
        return open.isActive ? [{ type: 'ProjectClosed', data: { projectId } }] : [];
      }
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};

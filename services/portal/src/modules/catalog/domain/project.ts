import {
  BILLING_CYCLES,
  CURRENCIES,
  catalogMessages,
  type BillingCycle,
  type Currency,
  type ProjectChanges,
  type ProjectClosed,
  type ProjectOpened,
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
  | { readonly type: 'ProjectReopened'; readonly data: ProjectReopened };

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

export type OpenProject = {
  readonly type: 'OpenProject';
  readonly data: { readonly projectId: number } & ProjectTerms;
  readonly references: ProjectReferences;
};

export type UpdateProject = {
  readonly type: 'UpdateProject';
  readonly data: { readonly projectId: number } & Partial<ProjectTerms>;
  readonly references: ProjectReferences;
};

export type CloseProject = { readonly type: 'CloseProject'; readonly data: { readonly projectId: number } };
export type ReopenProject = { readonly type: 'ReopenProject'; readonly data: { readonly projectId: number } };

export type ProjectCommand = OpenProject | UpdateProject | CloseProject | ReopenProject;

export type ProjectState =
  | { readonly status: 'none' }
  | {
      readonly status: 'open';
      readonly terms: Omit<ProjectOpened, 'projectId' | 'isActive'>;
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
    else if (!(CURRENCIES as readonly string[]).includes(terms.invoiceCurrency.trim().toUpperCase()))
      problems.add('invoiceCurrency', catalogMessages.mustBeOneOf(FIELD_LABELS.invoiceCurrency, CURRENCIES));
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

function notFound(projectId: number): DomainError {
  return new DomainError('not_found', catalogMessages.projectNotFound(projectId));
}

export const projectDecider = {
  initialState: (): ProjectState => ({ status: 'none' }),

  evolve(state: ProjectState, event: ProjectEvent): ProjectState {
    switch (event.type) {
      case 'ProjectOpened': {
        const { projectId: _id, isActive, ...terms } = event.data;
        return { status: 'open', terms, isActive };
      }
      case 'ProjectUpdated': {
        if (state.status !== 'open') return state;
        const { projectId: _id, ...changes } = event.data;
        return { ...state, terms: { ...state.terms, ...changes } };
      }
      case 'ProjectClosed':
        return state.status === 'open' ? { ...state, isActive: false } : state;
      case 'ProjectReopened':
        return state.status === 'open' ? { ...state, isActive: true } : state;
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },

  decide(command: ProjectCommand, state: ProjectState): ProjectEvent[] {
    switch (command.type) {
      case 'OpenProject': {
        const { projectId, ...terms } = command.data;
        const problems = new ProblemList();
        if (!isPositiveWholeNumber(projectId))
          problems.add('projectId', catalogMessages.mustBeWholeNumber('Project'));
        checkTerms(terms, command.references, true, problems);
        problems.throwIfAny();
        if (state.status === 'open')
          throw new DomainError('conflict', catalogMessages.alreadyExists('Project', projectId));
        const changes = normalisedChanges(terms) as Required<ProjectChanges>;
        return [{ type: 'ProjectOpened', data: { projectId, ...changes, isActive: terms.isActive } }];
      }
      case 'UpdateProject': {
        const { projectId, isActive, ...terms } = command.data;
        if (state.status !== 'open') throw notFound(projectId);
        const problems = new ProblemList();
        checkTerms({ ...terms, isActive }, command.references, false, problems);
        problems.throwIfAny();
        const requested = normalisedChanges(terms);
        const changed = Object.fromEntries(
          Object.entries(requested).filter(
            ([key, value]) => state.terms[key as keyof ProjectChanges] !== value,
          ),
        ) as ProjectChanges;
        const events: ProjectEvent[] = [];
        if (Object.keys(changed).length > 0)
          events.push({ type: 'ProjectUpdated', data: { projectId, ...changed } });
        if (isActive === false && state.isActive) events.push({ type: 'ProjectClosed', data: { projectId } });
        if (isActive === true && !state.isActive)
          events.push({ type: 'ProjectReopened', data: { projectId } });
        return events;
      }
      case 'CloseProject': {
        const { projectId } = command.data;
        if (state.status !== 'open') throw notFound(projectId);
        return state.isActive ? [{ type: 'ProjectClosed', data: { projectId } }] : [];
      }
      case 'ReopenProject': {
        const { projectId } = command.data;
        if (state.status !== 'open') throw notFound(projectId);
        return state.isActive ? [] : [{ type: 'ProjectReopened', data: { projectId } }];
      }
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};

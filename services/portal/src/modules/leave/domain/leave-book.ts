import {
  changedFields,
  leaveMessages,
  leavesOverlap,
  type LeaveChanged,
  type LeaveDetails,
  type LeaveRemoved,
  type LeaveRequested,
} from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';

/** One stream per person: `leave-{employeeId}` holds all of their leave (a few dozen a year). */
export const leaveStreamId = (employeeId: number): string => `leave-${employeeId}`;

export type LeaveEvent =
  | { readonly type: 'LeaveRequested'; readonly data: LeaveRequested }
  | { readonly type: 'LeaveChanged'; readonly data: LeaveChanged }
  | { readonly type: 'LeaveRemoved'; readonly data: LeaveRemoved };

/**
 * Every leave command names the person whose stream it is decided on (`employeeId`) and who sends
 * it (`requestedBy`): a person manages only their own leave.
 */
interface LeaveCommandBase {
  readonly employeeId: number;
  readonly requestedBy: number;
}

export type RequestLeave = LeaveCommandBase & {
  readonly type: 'RequestLeave';
  /** Derived from the command id by the handler, so a retried request records it once. */
  readonly leaveId: string;
  readonly details: LeaveDetails;
};

export type ChangeLeave = LeaveCommandBase & {
  readonly type: 'ChangeLeave';
  readonly leaveId: string;
  readonly details: LeaveDetails;
  /** The version the person saw: another one is a 409 carrying the leave as it is now. */
  readonly expectedVersion: number;
};

export type RemoveLeave = LeaveCommandBase & {
  readonly type: 'RemoveLeave';
  readonly leaveId: string;
};

export type LeaveCommand = RequestLeave | ChangeLeave | RemoveLeave;

export interface RecordedLeave extends LeaveDetails {
  readonly version: number;
}

export interface LeaveBookState {
  /** The person's leave now, by id (removed ones are gone). */
  readonly leaves: ReadonlyMap<string, RecordedLeave>;
}

function checkOwnStream(command: LeaveCommand): void {
  if (command.requestedBy !== command.employeeId) throw DomainError.forbidden(leaveMessages.notYours);
}

function existing(state: LeaveBookState, leaveId: string): RecordedLeave {
  const leave = state.leaves.get(leaveId);
  if (!leave) throw DomainError.notFound(leaveMessages.notFound(leaveId));
  return leave;
}

/** The form's cross-field rules: To not before From, and no overlap with another of the person's leaves. */
function checkDetails(details: LeaveDetails, state: LeaveBookState, self: string | null): void {
  if (details.toDate < details.fromDate)
    throw DomainError.validation([{ path: 'toDate', message: leaveMessages.toBeforeFrom }]);
  const clash = [...state.leaves.entries()]
    .filter(([id]) => id !== self)
    .map(([, leave]) => leave)
    .filter((leave) => leavesOverlap(leave, details))
    .sort((a, b) => a.fromDate.localeCompare(b.fromDate))[0];
  if (clash) throw DomainError.validation([{ path: 'fromDate', message: leaveMessages.overlaps(clash) }]);
}

const detailsOf = (leave: LeaveDetails): LeaveDetails => ({
  leaveType: leave.leaveType,
  fromDate: leave.fromDate,
  toDate: leave.toDate,
  notes: leave.notes,
});

export const leaveDecider = {
  initialState: (): LeaveBookState => ({ leaves: new Map() }),

  evolve(state: LeaveBookState, event: LeaveEvent): LeaveBookState {
    const leaves = new Map(state.leaves);
    switch (event.type) {
      case 'LeaveRequested':
        leaves.set(event.data.leaveId, { ...detailsOf(event.data), version: 1 });
        return { leaves };
      case 'LeaveChanged': {
        const current = leaves.get(event.data.leaveId);
        if (current)
          leaves.set(event.data.leaveId, { ...current, ...event.data.after, version: current.version + 1 });
        return { leaves };
      }
      case 'LeaveRemoved':
        leaves.delete(event.data.leaveId);
        return { leaves };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },

  decide(command: LeaveCommand, state: LeaveBookState): LeaveEvent[] {
    checkOwnStream(command);
    const { employeeId, leaveId } = command;
    switch (command.type) {
      case 'RequestLeave': {
        // A retry of the same request (same derived id) finds it recorded: nothing new.
        if (state.leaves.has(leaveId)) return [];
        checkDetails(command.details, state, null);
        return [{ type: 'LeaveRequested', data: { leaveId, employeeId, ...detailsOf(command.details) } }];
      }
      case 'ChangeLeave': {
        const current = existing(state, leaveId);
        if (current.version !== command.expectedVersion)
          throw DomainError.stale(leaveMessages.staleVersion, {
            leaveId,
            ...detailsOf(current),
            version: current.version,
          });
        checkDetails(command.details, state, leaveId);
        const changes = changedFields(detailsOf(current), detailsOf(command.details));
        if (!changes) return [];
        return [{ type: 'LeaveChanged', data: { leaveId, employeeId, ...changes } }];
      }
      case 'RemoveLeave':
        existing(state, leaveId);
        return [{ type: 'LeaveRemoved', data: { leaveId, employeeId } }];
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};

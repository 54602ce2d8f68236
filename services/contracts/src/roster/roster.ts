/** Roster contracts: event payloads of the stream `roster` (who may bill which project). */

export interface RosterChange {
  readonly employeeId: number;
  readonly projectId: number;
  readonly isAllowedToBill: boolean;
}

export interface RosterChanged {
  readonly changes: readonly RosterChange[];
}

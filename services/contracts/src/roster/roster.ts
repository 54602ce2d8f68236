/** Roster contracts: event payloads of the stream `roster` (who may bill which project). */

/** One cell as a save sends it: may this person bill this project. */
export interface RosterChange {
  readonly employeeId: number;
  readonly projectId: number;
  readonly isAllowedToBill: boolean;
}

/** A cell's value, the field a roster change's before → after holds. */
export interface RosterCell {
  readonly isAllowedToBill: boolean;
}

/**
 * One recorded cell change. `isAllowedToBill` is the new value (what every event has carried);
 * `before` and `after` (since issue 9) say the previous and the new value for auditors. Events
 * recorded earlier have neither: their previous value is what the log held before them.
 */
export interface RosterCellChange extends RosterChange {
  readonly before?: RosterCell;
  readonly after?: RosterCell;
}

export interface RosterChanged {
  readonly changes: readonly RosterCellChange[];
}

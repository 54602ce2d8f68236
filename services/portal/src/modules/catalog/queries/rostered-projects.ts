/**
 * What the billable-projects list needs of the roster. The roster context provides it (it reads
 * the catalog's references itself, so the catalog may not import the roster): the catalog names
 * the port, the roster binds its RosterQueries to it.
 */
export abstract class RosteredProjects {
  /** Every project the person may bill (active or not; the catalog filters). */
  abstract billableProjectIds(employeeId: number): Promise<number[]>;
}

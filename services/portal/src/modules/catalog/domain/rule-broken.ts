/**
 * A rule of the catalog, staff or roster write model was broken. Pure (the domain imports nothing
 * from platform/); the command handlers translate it into a DomainError at the edge.
 */
export type RuleBrokenCode = 'validation' | 'conflict' | 'not_found' | 'forbidden';

export interface RuleProblem {
  readonly path: string;
  readonly message: string;
}

export class RuleBroken extends Error {
  constructor(
    readonly code: RuleBrokenCode,
    message: string,
    readonly problems: readonly RuleProblem[] = [],
  ) {
    super(message);
    this.name = 'RuleBroken';
  }

  static invalid(problems: readonly RuleProblem[]): RuleBroken {
    return new RuleBroken('validation', problems.map((p) => p.message).join(' '), problems);
  }
}

/** Collects field problems and throws them together, so a form shows every one at once. */
export class ProblemList {
  private readonly problems: RuleProblem[] = [];

  add(path: string, message: string): void {
    this.problems.push({ path, message });
  }

  get isEmpty(): boolean {
    return this.problems.length === 0;
  }

  throwIfAny(): void {
    if (this.problems.length > 0) throw RuleBroken.invalid(this.problems);
  }
}

export function isPositiveWholeNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

export function isFilledText(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

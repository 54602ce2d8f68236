/**
 * The one error kernel: a broken rule carries a code, the fields and the messages. Deciders (pure)
 * and handlers throw it; one filter (platform/http/exception.filter.ts) maps the code to HTTP
 * (400/403/404/409/423/429/503) at the edge. Nothing below the controller throws HTTP errors, and no
 * context translates its own error type.
 */
export type DomainErrorCode =
  'validation' | 'forbidden' | 'not_found' | 'conflict' | 'locked' | 'rate_limited' | 'unavailable';

export interface FieldProblem {
  /** Dotted path of the offending field, e.g. `items.2.comment`. */
  readonly path: string;
  readonly message: string;
}

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly problems: readonly FieldProblem[] = [],
    /** A stale edit's 409: the thing as it is now, so the person sees what won (answered as `current`). */
    readonly current: unknown = undefined,
    /** A `rate_limited` refusal: whole seconds until the person may try again (HTTP Retry-After). */
    readonly retryAfterSeconds: number | null = null,
    /** A refusal's structured account beyond its fields (answered as `details`: a data import's problems by row). */
    readonly details: unknown = undefined,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  static validation(problems: readonly FieldProblem[]): DomainError {
    return new DomainError('validation', problems.map((p) => p.message).join(' '), problems);
  }
  /** A 400 with one message and a structured account the page shows (a file's problems by row and column). */
  static refusedWith(path: string, message: string, details: unknown): DomainError {
    return new DomainError('validation', message, [{ path, message }], undefined, null, details);
  }
  /** Answers every problem at once (a 400 naming each field), without repeats; none: returns. */
  static throwIfAny(problems: readonly FieldProblem[]): void {
    if (problems.length === 0) return;
    const seen = new Set<string>();
    const unique = problems.filter((p) => {
      const key = `${p.path}\u0000${p.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    throw DomainError.validation(unique);
  }
  static forbidden(message = 'You are not allowed to do this.'): DomainError {
    return new DomainError('forbidden', message);
  }
  static notFound(message: string): DomainError {
    return new DomainError('not_found', message);
  }
  static conflict(message: string): DomainError {
    return new DomainError('conflict', message);
  }
  /** A stale version: 409 with the current values of what was edited. */
  static stale(message: string, current: unknown): DomainError {
    return new DomainError('conflict', message, [], current);
  }
  static locked(message: string): DomainError {
    return new DomainError('locked', message);
  }
  /**
   * The person did this too often for now; `message` says when they may again, `retryAt` is that
   * instant (seen from `now`): the answer's Retry-After, in whole seconds, at least 1.
   */
  static rateLimited(message: string, retryAt: Date, now: Date): DomainError {
    const seconds = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
    return new DomainError('rate_limited', message, [], undefined, seconds);
  }
  /** A service the portal relies on did not answer as it should; `message` is for the person, never upstream text. */
  static unavailable(message: string): DomainError {
    return new DomainError('unavailable', message);
  }
}

/** Collects field problems and throws them together, so a form shows every one at once. */
export class ProblemList {
  private readonly problems: FieldProblem[] = [];

  add(path: string, message: string): void {
    this.problems.push({ path, message });
  }

  get isEmpty(): boolean {
    return this.problems.length === 0;
  }

  throwIfAny(): void {
    DomainError.throwIfAny(this.problems);
  }
}

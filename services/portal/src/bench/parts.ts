import { progress } from './measure';

/**
 * The bench's parts run one after another; one that throws is reported and the others still run,
 * so the goals table shows every figure that could be measured. The run's exit code says whether
 * every part ran: 1 when any threw (or could not run), 0 otherwise, whatever the figures
 * (`npm run bench:smoke` in `npm test` relies on it; the goals are judged by a person, not by it).
 */

export interface PartFailure {
  readonly part: string;
  readonly message: string;
}

export class PartRunner {
  private readonly failures: PartFailure[] = [];

  constructor(private readonly log: (message: string) => void = progress) {}

  /** Runs one part; on a throw, records it and answers undefined. */
  async run<T>(part: string, work: () => Promise<T> | T): Promise<T | undefined> {
    try {
      return await work();
    } catch (error) {
      this.fail(part, error instanceof Error ? (error.stack ?? error.message) : String(error));
      return undefined;
    }
  }

  /** A part that could not run (e.g. the queries without the log they read). */
  fail(part: string, message: string): void {
    this.failures.push({ part, message });
    this.log(`part ${part} FAILED: ${message}`);
  }

  get failed(): readonly PartFailure[] {
    return this.failures;
  }

  /** One line per failed part, for the end of the report ([] when every part ran). */
  summary(): string[] {
    return this.failures.map((f) => `FAILED: part ${f.part}: ${f.message.split('\n')[0]}`);
  }

  get exitCode(): number {
    return benchExitCode(this.failures);
  }
}

/** 1 when any part failed, 0 when every part ran (figures over their goals do not count). */
export function benchExitCode(failures: readonly PartFailure[]): number {
  return failures.length > 0 ? 1 : 0;
}

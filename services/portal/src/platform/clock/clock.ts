/** "Now" for every rule that depends on it: injected, so rules are testable at any date. */
export abstract class Clock {
  abstract now(): Date;
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}

/** A clock that stands still until told to move; for tests and the bench. */
export class FixedClock extends Clock {
  constructor(private current: Date) {
    super();
  }
  now(): Date {
    return new Date(this.current.getTime());
  }
  set(to: Date): void {
    this.current = new Date(to.getTime());
  }
}

/**
 * The real time shifted so that it reads `instant` at the real moment `since`, then ticking at
 * the real pace. A whole test run (the portal, the test process and the browser) that shares one
 * `instant` and `since` sees the same "now" at every moment (PORTAL_NOW, PORTAL_NOW_AT).
 */
export class PinnedClock extends Clock {
  private readonly offsetMs: number;

  constructor(
    pinned: { readonly instant: Date; readonly since: Date },
    private readonly realNow: () => number = Date.now,
  ) {
    super();
    this.offsetMs = pinned.instant.getTime() - pinned.since.getTime();
  }

  now(): Date {
    return new Date(this.realNow() + this.offsetMs);
  }
}

/** The clock the configuration asks for: pinned for a test run, else the system's. */
export function clockFor(pinnedNow: { readonly instant: Date; readonly since: Date } | undefined): Clock {
  return pinnedNow ? new PinnedClock(pinnedNow) : new SystemClock();
}

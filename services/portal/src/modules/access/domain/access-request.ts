import {
  hasBrokenCharacters,
  limitCharacters,
  NEWCOMER_NAME_MAX_LENGTH,
  type AccessRequested,
} from '@portal/contracts';

/** Stream `access-request-{address}`: one person's first sign-in (issue 25). */
export const accessRequestStreamId = (username: string): string =>
  `access-request-${username.trim().toLowerCase()}`;

export type AccessRequestEvent = { readonly type: 'AccessRequested'; readonly data: AccessRequested };

/** A sign-in of someone of an allowed domain whom no one has added: who, and when (the command's "now"). */
export type RequestAccess = {
  readonly type: 'RequestAccess';
  readonly data: { readonly username: string; readonly name: string; readonly at: Date };
};

/** The first sign-in recorded; null: none yet. */
export type AccessRequestState = { readonly request: AccessRequested | null };

/**
 * The name a token gave, as the log keeps it: trimmed and at most as long as a staff name; the
 * address when the token had none the log can hold (empty, or broken characters).
 */
function nameToKeep(name: string, username: string): string {
  const text = name.trim();
  if (text === '' || hasBrokenCharacters(text)) return username;
  return limitCharacters(text, NEWCOMER_NAME_MAX_LENGTH);
}

/**
 * A person's first sign-in is recorded once: later sign-ins append nothing (the first one is what
 * admins see as "first sign-in"; a last-seen time would write on every request and serve no screen).
 */
export const accessRequestDecider = {
  initialState: (): AccessRequestState => ({ request: null }),

  evolve(_state: AccessRequestState, event: AccessRequestEvent): AccessRequestState {
    switch (event.type) {
      case 'AccessRequested':
        return { request: event.data };
      default: {
        const unknown: never = event.type;
        return unknown;
      }
    }
  },

  decide(command: RequestAccess, state: AccessRequestState): AccessRequestEvent[] {
    if (state.request) return [];
    const username = command.data.username.trim().toLowerCase();
    return [
      {
        type: 'AccessRequested',
        data: {
          username,
          name: nameToKeep(command.data.name, username),
          requestedAt: command.data.at.toISOString(),
        },
      },
    ];
  },
};

import { describe, expect, it } from '@jest/globals';
import { ApiError } from './api';
import { loadFailureMessage } from './load-failure';

describe('loadFailureMessage', () => {
  it('never shows what the server said, whatever it was', () => {
    const failures = [
      new ApiError(500, 'boom'),
      new ApiError(502, 'relation "rm_timesheets.rows" does not exist'),
      new TypeError('Failed to fetch'),
      'at Object.<anonymous> (/srv/app/main.js:1:1)',
    ];
    for (const failure of failures) {
      expect(loadFailureMessage(failure, 'timesheets')).toBe(
        'Your timesheets could not be loaded. Try again; if it keeps failing, tell the portal team.',
      );
    }
  });

  it('says what a person can do about a refusal or a lost connection', () => {
    expect(loadFailureMessage(new ApiError(401, 'jwt expired'), 'expenses')).toBe(
      'Your session has ended. Sign in again to see your expenses.',
    );
    expect(loadFailureMessage(new ApiError(403, 'Forbidden resource'), 'mails')).toBe(
      'You do not have access to these mails.',
    );
    expect(loadFailureMessage(new ApiError(404, 'Cannot GET /api/x'), 'exchange rates')).toBe(
      'These exchange rates were not found. They may have been removed.',
    );
    expect(loadFailureMessage(new ApiError(0, 'x', [], false), 'people')).toBe(
      'The portal could not be reached, so your people could not be loaded. Check your connection and try again.',
    );
  });
});

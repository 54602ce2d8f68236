import { describe, expect, it } from '@jest/globals';
import { ApiError, errorFromBody, REQUEST_NOT_PROCESSED } from './api';

describe('errorFromBody (JSON calls, file calls and the upload with progress)', () => {
  it("keeps the server's message and the field problems it named", () => {
    const error = errorFromBody(
      400,
      JSON.stringify({
        message: 'Choose a PDF file to upload.',
        problems: [{ path: 'file', message: 'Choose a PDF file to upload.' }, { path: 3 }],
      }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect([error.status, error.message, error.fromServer]).toEqual([
      400,
      'Choose a PDF file to upload.',
      true,
    ]);
    expect(error.problemAt('file')).toBe('Choose a PDF file to upload.');
    expect(error.problems).toHaveLength(1);
  });

  it('joins a list of messages', () => {
    expect(errorFromBody(400, JSON.stringify({ message: ['One.', 'Two.'] })).message).toBe('One. Two.');
  });

  it('shows the generic message, not a raw server text, for a body that is no JSON or says nothing', () => {
    for (const text of ['<html>Bad gateway</html>', '', '{}']) {
      const error = errorFromBody(502, text);
      expect([error.message, error.fromServer]).toEqual([REQUEST_NOT_PROCESSED, false]);
    }
  });
});

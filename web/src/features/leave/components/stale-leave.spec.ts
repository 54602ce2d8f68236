import { describe, expect, it } from '@jest/globals';
import { ApiError, errorFromBody } from '../../../lib/api';
import { currentLeaveOf, draftOfLeave } from './stale-leave';

const current = {
  leaveId: '0a0a0a0a-0a0a-4a0a-8a0a-0a0a0a0a0a0a',
  leaveType: 'Vacation',
  fromDate: 'from',
  toDate: 'to',
  notes: 'Longer trip',
  version: 2,
} as const;

describe('a stale leave edit', () => {
  it("reads the 409's current leave, which the form then shows", () => {
    const error = new ApiError(409, 'changed meanwhile', [], true, current);
    expect(currentLeaveOf(error)).toEqual(current);
    expect(draftOfLeave(current)).toEqual({
      leaveType: 'Vacation',
      fromDate: 'from',
      toDate: 'to',
      notes: 'Longer trip',
    });
  });

  it('comes from the error body the server answers', () => {
    const body = JSON.stringify({
      statusCode: 409,
      error: 'Conflict',
      message: 'changed',
      problems: [],
      current,
    });
    expect(currentLeaveOf(errorFromBody(409, body))).toEqual(current);
  });

  it('finds none in another error or a 409 without a leave', () => {
    expect(currentLeaveOf(new ApiError(400, 'bad', [], true, current))).toBeNull();
    expect(currentLeaveOf(new ApiError(409, 'other'))).toBeNull();
    expect(currentLeaveOf(new ApiError(409, 'other', [], true, { ...current, leaveType: 'Nap' }))).toBeNull();
    expect(currentLeaveOf(new Error('network'))).toBeNull();
  });
});

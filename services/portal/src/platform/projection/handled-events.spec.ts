import { describe, expect, it } from '@jest/globals';
import type { RecordedEvent } from '../event-store/event-store.port';
import { handledEvents } from './handled-events';

type LeaveEvent =
  | { readonly type: 'LeaveRequested'; readonly data: { readonly leaveId: string } }
  | { readonly type: 'LeaveRemoved'; readonly data: { readonly leaveId: string } };

const recorded = (type: string) => ({ type, data: { leaveId: 'l1' } }) as unknown as RecordedEvent;

describe('handledEvents', () => {
  const handled = handledEvents<LeaveEvent>('LeaveRequested', 'LeaveRemoved');

  it('lists the types as the projection declares them', () => {
    expect(handled.types).toEqual(['LeaveRequested', 'LeaveRemoved']);
  });

  it('takes an event of those types, typed, and no other', () => {
    const event = recorded('LeaveRemoved');
    expect(handled.has(event)).toBe(true);
    if (handled.has(event)) expect(event.data.leaveId).toBe('l1');
    expect(handled.has(recorded('LeaveChanged'))).toBe(false);
  });
});

// Fixed dates: the leave decider given requests with their own dates and today.
import { leaveMessages, type LeaveDetails } from '@portal/contracts';
import { broken, given } from '../../../kernel/testing/given-when-then';
import { leaveDecider, type LeaveEvent } from './leave-book';

const CARLOS = 3;
const OTHER = 4;
const A = '11111111-1111-5111-8111-111111111111';
const B = '22222222-2222-5222-8222-222222222222';

const vacation: LeaveDetails = {
  leaveType: 'Vacation',
  fromDate: '2026-07-06',
  toDate: '2026-07-10',
  notes: 'Summer trip',
};

const requested: LeaveEvent = {
  type: 'LeaveRequested',
  data: { leaveId: A, employeeId: CARLOS, ...vacation },
};

const own = { employeeId: CARLOS, requestedBy: CARLOS };

describe('requesting leave', () => {
  it('records the request with whose it is', () => {
    const events = given(leaveDecider).when({
      type: 'RequestLeave',
      leaveId: A,
      details: vacation,
      ...own,
    }).events;
    expect(events).toEqual([requested]);
  });

  it('a retried request (same id) records nothing again', () => {
    const events = given(leaveDecider, [requested]).when({
      type: 'RequestLeave',
      leaveId: A,
      details: vacation,
      ...own,
    }).events;
    expect(events).toEqual([]);
  });

  it('refuses To before From on the To field', () => {
    const error = broken(
      given(leaveDecider).when({
        type: 'RequestLeave',
        leaveId: A,
        details: { ...vacation, fromDate: '2026-07-10', toDate: '2026-07-09' },
        ...own,
      }),
    );
    expect(error.code).toBe('validation');
    expect(error.problems).toEqual([{ path: 'toDate', message: leaveMessages.toBeforeFrom }]);
  });

  it('refuses a leave overlapping one of the person’s own, naming it', () => {
    for (const [fromDate, toDate] of [
      ['2026-07-10', '2026-07-12'],
      ['2026-07-01', '2026-07-06'],
      ['2026-07-07', '2026-07-08'],
      ['2026-07-01', '2026-07-31'],
    ]) {
      const error = broken(
        given(leaveDecider, [requested]).when({
          type: 'RequestLeave',
          leaveId: B,
          details: { ...vacation, leaveType: 'Sick', fromDate, toDate },
          ...own,
        }),
      );
      expect(error.problems).toEqual([
        {
          path: 'fromDate',
          message: 'This leave overlaps your Vacation leave from 2026-07-06 to 2026-07-10.',
        },
      ]);
    }
  });

  it('accepts a leave on the days right before and after another', () => {
    const history = [requested];
    const before = given(leaveDecider, history).when({
      type: 'RequestLeave',
      leaveId: B,
      details: { ...vacation, fromDate: '2026-07-01', toDate: '2026-07-05' },
      ...own,
    });
    const after = given(leaveDecider, history).when({
      type: 'RequestLeave',
      leaveId: B,
      details: { ...vacation, fromDate: '2026-07-11', toDate: '2026-07-11' },
      ...own,
    });
    expect(before.events).toHaveLength(1);
    expect(after.events).toHaveLength(1);
  });

  it('refuses a request for someone else’s leave', () => {
    const error = broken(
      given(leaveDecider).when({
        type: 'RequestLeave',
        leaveId: A,
        details: vacation,
        employeeId: OTHER,
        requestedBy: CARLOS,
      }),
    );
    expect(error.code).toBe('forbidden');
  });
});

/** The person changes leave A on the version they saw (1 unless said). */
const changeOfA = (details: LeaveDetails, expectedVersion = 1) =>
  ({ type: 'ChangeLeave', leaveId: A, details, expectedVersion, ...own }) as const;

describe('changing leave', () => {
  it('records exactly the fields that changed, before → after', () => {
    const events = given(leaveDecider, [requested]).when(
      changeOfA({ ...vacation, leaveType: 'Personal', toDate: '2026-07-08' }),
    ).events;
    expect(events).toEqual([
      {
        type: 'LeaveChanged',
        data: {
          leaveId: A,
          employeeId: CARLOS,
          before: { leaveType: 'Vacation', toDate: '2026-07-10' },
          after: { leaveType: 'Personal', toDate: '2026-07-08' },
        },
      },
    ]);
  });

  it('the same form again records nothing', () => {
    const events = given(leaveDecider, [requested]).when(changeOfA(vacation)).events;
    expect(events).toEqual([]);
  });

  it('a leave does not overlap itself, but does overlap the person’s other leaves', () => {
    const sick: LeaveEvent = {
      type: 'LeaveRequested',
      data: {
        leaveId: B,
        employeeId: CARLOS,
        leaveType: 'Sick',
        fromDate: '2026-07-13',
        toDate: '2026-07-14',
        notes: 'Flu',
      },
    };
    const shifted = given(leaveDecider, [requested, sick]).when(
      changeOfA({ ...vacation, fromDate: '2026-07-08', toDate: '2026-07-12' }),
    );
    expect(shifted.events).toHaveLength(1);
    const clash = broken(
      given(leaveDecider, [requested, sick]).when(changeOfA({ ...vacation, toDate: '2026-07-13' })),
    );
    expect(clash.message).toBe('This leave overlaps your Sick leave from 2026-07-13 to 2026-07-14.');
  });

  it('a stale version is a conflict carrying the leave as it is now', () => {
    const first = given(leaveDecider, [requested]).when(
      changeOfA({ ...vacation, notes: 'Longer trip' }),
    ).events;
    const error = broken(
      given(leaveDecider, [requested, ...first]).when(changeOfA({ ...vacation, leaveType: 'Personal' })),
    );
    expect(error.code).toBe('conflict');
    expect(error.message).toBe(leaveMessages.staleVersion);
    expect(error.current).toEqual({ leaveId: A, ...vacation, notes: 'Longer trip', version: 2 });
  });

  it('an unknown (or removed) leave is 404', () => {
    const removed: LeaveEvent = { type: 'LeaveRemoved', data: { leaveId: A, employeeId: CARLOS } };
    const error = broken(given(leaveDecider, [requested, removed]).when(changeOfA(vacation)));
    expect(error.code).toBe('not_found');
  });

  it('someone else’s stream is forbidden', () => {
    const error = broken(
      given(leaveDecider, [requested]).when({
        type: 'ChangeLeave',
        expectedVersion: 1,
        leaveId: A,
        details: vacation,
        employeeId: CARLOS,
        requestedBy: OTHER,
      }),
    );
    expect(error.code).toBe('forbidden');
  });
});

describe('removing leave', () => {
  it('records the removal, after which the days are free again', () => {
    const { events } = given(leaveDecider, [requested]).when({ type: 'RemoveLeave', leaveId: A, ...own });
    expect(events).toEqual([{ type: 'LeaveRemoved', data: { leaveId: A, employeeId: CARLOS } }]);
    const again = given(leaveDecider, [requested, ...events]).when({
      type: 'RequestLeave',
      leaveId: B,
      details: vacation,
      ...own,
    });
    expect(again.events).toHaveLength(1);
  });

  it('an unknown leave is 404 and someone else’s is forbidden', () => {
    expect(broken(given(leaveDecider).when({ type: 'RemoveLeave', leaveId: A, ...own })).code).toBe(
      'not_found',
    );
    expect(
      broken(
        given(leaveDecider, [requested]).when({
          type: 'RemoveLeave',
          leaveId: A,
          employeeId: CARLOS,
          requestedBy: OTHER,
        }),
      ).code,
    ).toBe('forbidden');
  });
});

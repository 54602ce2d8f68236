// Fixed dates: reminders computed for a given today.
import { businessDateIn } from '@portal/contracts';
import {
  dayLabel,
  lastWeekWorkingDays,
  missingTimeMail,
  missingTimeReminders,
  waitingDigestMail,
  waitingDigests,
  waitingPeriods,
  type TimeRecorder,
  type VerifiedPeriod,
} from './reminders';

const carlos: TimeRecorder = {
  staffId: 3,
  name: 'Carlos Contractor',
  email: 'carlos@smartwork.example',
  ownerId: 1,
  missingTimeEmail: true,
};
const dana: TimeRecorder = {
  ...carlos,
  staffId: 4,
  name: 'Dana',
  email: 'dana@sightstream.example',
  ownerId: 2,
};
const days = (...dates: string[]) => new Set(dates);

describe('missing-time reminders', () => {
  it('last week is the seven days before today, Monday to Friday, public holidays excepted', () => {
    // Tuesday 2026-11-17: Tue 10 .. Mon 16 November; Wednesday the 11th is Remembrance/Veterans Day.
    expect(lastWeekWorkingDays('2026-11-17')).toEqual([
      '2026-11-10',
      '2026-11-12',
      '2026-11-13',
      '2026-11-16',
    ]);
    // A Monday's last week is the whole week before.
    expect(lastWeekWorkingDays('2026-11-30')).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-27',
    ]);
  });

  it('lists the working days without time, except leave, for each person who wants the mail', () => {
    const reminders = missingTimeReminders({
      today: '2026-11-20',
      people: [carlos, dana, { ...carlos, staffId: 5, name: 'Erin', missingTimeEmail: false }],
      // Carlos recorded Friday 13th (before the week too); Dana the whole week.
      daysWithTime: new Map([
        [3, days('2026-11-13', '2026-11-16', '2026-11-01')],
        [4, days('2026-11-13', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19')],
      ]),
      // Carlos is on leave on Tuesday and Wednesday.
      leaveDays: new Map([[3, days('2026-11-17', '2026-11-18')]]),
    });
    expect(reminders).toEqual([
      {
        staffId: 3,
        name: 'Carlos Contractor',
        email: 'carlos@smartwork.example',
        ownerId: 1,
        days: ['2026-11-19'],
      },
    ]);
  });

  it('sends nothing to a person whose week is all recorded, on leave or holidays', () => {
    expect(
      missingTimeReminders({
        today: '2026-11-16',
        people: [carlos],
        daysWithTime: new Map([[3, days('2026-11-09', '2026-11-10')]]),
        leaveDays: new Map([[3, days('2026-11-12', '2026-11-13')]]),
      }),
    ).toEqual([]);
  });

  it('writes the days the way people read them, with a link to the timesheet', () => {
    expect(dayLabel('2026-11-16')).toBe('Mon 16 Nov 2026');
    const mail = missingTimeMail(
      { ...carlos, days: ['2026-11-16', '2026-11-17'] },
      'https://portal.smartwork.example',
    );
    expect(mail.text).toContain('You have no time recorded for: Mon 16 Nov 2026, Tue 17 Nov 2026.');
    expect(mail.text).toContain('https://portal.smartwork.example/timesheets/create');
  });

  it("takes today's date in the firm's time zone", () => {
    // 06:30 UTC on the 17th is still the evening of the 16th in Edmonton.
    expect(businessDateIn(new Date('2026-11-17T06:30:00Z'), 'America/Edmonton')).toBe('2026-11-16');
    expect(businessDateIn(new Date('2026-11-17T15:00:00Z'), 'America/Edmonton')).toBe('2026-11-17');
  });
});

describe('the waiting-periods digest', () => {
  const now = new Date('2026-11-20T15:00:00Z');
  const period = (over: Partial<VerifiedPeriod>): VerifiedPeriod => ({
    employeeId: 3,
    employeeName: 'Carlos Contractor',
    ownerId: 1,
    projectId: 12,
    projectName: 'Pipeline',
    month: '2026-10',
    verifiedAt: new Date('2026-11-10T15:00:00Z'),
    awaitingApproval: 4,
    ...over,
  });

  it('names the periods verified more than N days ago that still wait, the longest first', () => {
    const waiting = waitingPeriods(
      [
        period({}),
        // Exactly 3 days: not yet.
        period({ projectId: 13, projectName: 'Survey', verifiedAt: new Date('2026-11-17T15:00:00Z') }),
        // 4 days, but approved meanwhile.
        period({ projectId: 14, verifiedAt: new Date('2026-11-16T14:00:00Z'), awaitingApproval: 0 }),
        period({
          employeeId: 4,
          employeeName: 'Dana',
          ownerId: 2,
          verifiedAt: new Date('2026-11-16T14:00:00Z'),
        }),
      ],
      now,
      3,
    );
    expect(waiting.map((p) => [p.employeeName, p.projectId, p.daysWaiting])).toEqual([
      ['Carlos Contractor', 12, 10],
      ['Dana', 12, 4],
    ]);
  });

  it("gives a sightstream admin owner 2's periods only, and no digest to an admin with none", () => {
    const waiting = waitingPeriods(
      [period({}), period({ employeeId: 4, employeeName: 'Dana', ownerId: 2 })],
      now,
      3,
    );
    const alice = { staffId: 1, name: 'Alice', email: 'alice@smartwork.example', ownerScope: null };
    const sam = { staffId: 9, name: 'Sam', email: 'sam@sightstream.example', ownerScope: 2 };
    const digests = waitingDigests([alice, sam], waiting);
    expect(digests.map((d) => [d.admin.name, d.periods.map((p) => p.employeeName)])).toEqual([
      ['Alice', ['Carlos Contractor', 'Dana']],
      ['Sam', ['Dana']],
    ]);
    expect(waitingDigests([sam], waiting.slice(0, 1))).toEqual([]);
    const mail = waitingDigestMail(digests[1]!, 'https://portal.smartwork.example', 3);
    expect(mail.text).toContain(
      '- Dana, Pipeline, October 2026: 10 days waiting. Review: ' +
        'https://portal.smartwork.example/admin/timesheets/review?employeeId=4&projectId=12&month=2026-10',
    );
  });
});

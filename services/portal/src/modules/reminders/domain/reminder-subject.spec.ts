import { addDays, mondayOfWeek, workingDaysBetween } from '@portal/contracts';
import { runToday } from '../../../../test/dates';
import { dayLabel, missingTimeMail, missingTimeReminders, type TimeRecorder } from './reminders';

/* Dates derive from the run's pinned now: the Monday and Tuesday of its week (or of the next week whose Monday is a working day). */
const erin: TimeRecorder = {
  staffId: 7,
  name: 'Erin',
  email: 'erin@x.example',
  ownerId: 1,
  missingTimeEmail: true,
};

describe('the missing-time subject says what the mail lists', () => {
  let monday = mondayOfWeek(runToday());
  while (workingDaysBetween(monday, monday).length === 0) monday = addDays(monday, 7);
  const tuesday = addDays(monday, 1);
  const remindOn = (today: string, withTime: readonly string[]) =>
    missingTimeReminders({
      today,
      people: [erin],
      daysWithTime: new Map([[erin.staffId, new Set(withTime)]]),
      leaveDays: new Map(),
    });

  it("sent on a Tuesday, it names the days listed, this week's Monday among them (not 'last week')", () => {
    const [reminder] = remindOn(tuesday, []);
    expect(reminder.days).toContain(monday);
    const mail = missingTimeMail(reminder, 'https://portal.smartwork.example');
    expect(mail.subject).not.toContain('last week');
    const [first, last] = [reminder.days[0], reminder.days[reminder.days.length - 1]];
    expect(last).toBe(monday);
    expect(mail.subject).toBe(
      `Your timesheet: time missing on ${reminder.days.length} days, ${dayLabel(first)} to ${dayLabel(monday)}`,
    );
    // Every day the subject spans is one the mail lists.
    for (const day of reminder.days) expect(mail.text).toContain(dayLabel(day));
  });

  it('one day missing: the subject names that day', () => {
    const [reminder] = remindOn(
      tuesday,
      [1, 2, 3, 4, 5, 6, 7].map((n) => addDays(tuesday, -n)).filter((day) => day !== monday),
    );
    expect(reminder.days).toEqual([monday]);
    expect(missingTimeMail(reminder, 'https://portal.smartwork.example').subject).toBe(
      `Your timesheet: time missing on ${dayLabel(monday)}`,
    );
  });
});

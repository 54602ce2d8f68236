// Fixed dates: the time of day of a given instant.
import { helpMessages, supportMessageRequestSchema, timeOfDay } from '../index';

const parse = (body: unknown) => supportMessageRequestSchema.safeParse(body);
const problemsOf = (body: unknown) => {
  const result = parse(body);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('the contact form request', () => {
  it('takes the message trimmed, and the time zone when given', () => {
    expect(parse({ message: '  Hello\n', timeZone: 'Europe/London' }).data).toEqual({
      message: 'Hello',
      timeZone: 'Europe/London',
    });
    expect(parse({ message: 'Hello' }).data).toEqual({ message: 'Hello', timeZone: null });
  });

  it('refuses a missing, empty or whitespace-only message, naming the field', () => {
    for (const body of [{}, { message: '' }, { message: ' \n\t ' }, { message: null }]) {
      expect(problemsOf(body)).toEqual([['message', helpMessages.messageRequired]]);
    }
  });

  it('counts characters as a person sees them: 5,000 emoji pass, 5,001 do not', () => {
    expect(parse({ message: '👍🏽'.repeat(5000) }).success).toBe(true);
    expect(problemsOf({ message: '👍🏽'.repeat(5001) })).toEqual([['message', helpMessages.messageTooLong]]);
  });

  it('refuses unknown fields and a message that is not text', () => {
    expect(problemsOf({ message: 7 })).toEqual([['message', helpMessages.messageNotText]]);
    expect(parse({ message: 'Hi', subject: 'x' }).success).toBe(false);
  });
});

describe('timeOfDay', () => {
  const instant = new Date('2026-07-01T19:05:00Z');
  it("names the time in the person's zone, or in UTC (said so) when the zone is unknown", () => {
    expect(timeOfDay(instant, 'America/Toronto')).toBe('3:05 PM');
    expect(timeOfDay(instant, 'Not/AZone')).toBe('7:05 PM UTC');
    expect(timeOfDay(instant, null)).toBe('7:05 PM UTC');
  });
});

// Fixed dates: instants chosen on either side of midnight in Calgary and Kolkata.
import {
  businessDateIn,
  DEFAULT_TIME_ZONE,
  instantOfWallClock,
  isTimeZone,
  localDateTimeIn,
  timeZoneNameAt,
  wallClockIn,
} from './time-zones';

describe('business dates in a time zone', () => {
  it('gives the local day where it differs from the UTC day', () => {
    // 03:00 UTC is 20:00 (MST) the evening before in Calgary.
    expect(businessDateIn(new Date('2026-11-24T03:00:00Z'), 'America/Edmonton')).toBe('2026-11-23');
    // 20:00 UTC is 01:30 the next morning in Kolkata.
    expect(businessDateIn(new Date('2026-11-23T20:00:00Z'), 'Asia/Kolkata')).toBe('2026-11-24');
    expect(businessDateIn(new Date('2026-11-23T20:00:00Z'), 'UTC')).toBe('2026-11-23');
  });

  it('follows daylight saving time: Calgary is UTC-6 in summer', () => {
    expect(businessDateIn(new Date('2026-07-01T05:30:00Z'), DEFAULT_TIME_ZONE)).toBe('2026-06-30');
    expect(businessDateIn(new Date('2026-07-01T06:30:00Z'), DEFAULT_TIME_ZONE)).toBe('2026-07-01');
  });

  it('accepts IANA zone names only', () => {
    expect(isTimeZone('America/Edmonton')).toBe(true);
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('+05:30')).toBe(false);
    expect(isTimeZone('MST')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('names the zone as people read it', () => {
    expect(timeZoneNameAt(new Date('2026-11-24T03:00:00Z'), 'America/Edmonton')).toBe('MST');
    expect(timeZoneNameAt(new Date('2026-07-01T03:00:00Z'), 'America/Edmonton')).toBe('MDT');
    expect(timeZoneNameAt(new Date('2026-07-01T03:00:00Z'), 'Asia/Kolkata')).toBe('GMT+5:30');
  });
});

describe('the wall clock in a zone', () => {
  it('reads the local date, hour and minute', () => {
    expect(wallClockIn(new Date('2026-11-24T02:30:00Z'), 'Asia/Kolkata')).toEqual({
      date: '2026-11-24',
      hour: 8,
      minute: 0,
    });
    expect(wallClockIn(new Date('2026-11-24T03:05:00Z'), 'America/Edmonton')).toEqual({
      date: '2026-11-23',
      hour: 20,
      minute: 5,
    });
    expect(wallClockIn(new Date('2026-11-24T07:00:00Z'), 'America/Edmonton').hour).toBe(0);
  });
});

describe('the local date and time in a zone', () => {
  it('writes the wall clock to the second', () => {
    expect(localDateTimeIn(new Date('2026-11-24T03:00:05Z'), 'America/Edmonton')).toBe('2026-11-23T20:00:05');
    expect(localDateTimeIn(new Date('2026-11-23T20:00:00Z'), 'Asia/Kolkata')).toBe('2026-11-24T01:30:00');
  });
});

describe('a wall-clock time in a zone as an instant', () => {
  it("reads the time on the zone's clock, in winter and in summer", () => {
    expect(instantOfWallClock('2026-11-23T20:00', 'America/Edmonton')).toBe('2026-11-24T03:00:00.000Z');
    expect(instantOfWallClock('2026-07-01T00:30', 'America/Edmonton')).toBe('2026-07-01T06:30:00.000Z');
    expect(instantOfWallClock('2026-11-24T01:30:15', 'Asia/Kolkata')).toBe('2026-11-23T20:00:15.000Z');
    expect(instantOfWallClock('2026-11-23T20:00', 'UTC')).toBe('2026-11-23T20:00:00.000Z');
  });

  it('takes a repeated autumn hour at its first occurrence and a skipped spring time with the old offset', () => {
    // Calgary leaves daylight saving time at 02:00 MDT on 1 November 2026: 01:30 happens twice.
    expect(instantOfWallClock('2026-11-01T01:30', 'America/Edmonton')).toBe('2026-11-01T07:30:00.000Z');
    // 14 March 2027: 02:00 MST jumps to 03:00 MDT, so 02:30 never shows on a clock there.
    expect(instantOfWallClock('2027-03-14T02:30', 'America/Edmonton')).toBe('2027-03-14T09:30:00.000Z');
  });

  it('refuses text that is not a wall-clock time', () => {
    expect(instantOfWallClock('2026-11-23', 'America/Edmonton')).toBeNull();
    expect(instantOfWallClock('2026-11-23T20:00Z', 'America/Edmonton')).toBeNull();
    expect(instantOfWallClock('yesterday', 'America/Edmonton')).toBeNull();
    expect(instantOfWallClock('2027-02-29T10:00', 'America/Edmonton')).toBeNull();
    expect(instantOfWallClock('2026-11-23T24:30', 'America/Edmonton')).toBeNull();
  });
});

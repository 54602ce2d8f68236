// Fixed dates: a registration's status given its own today.
import { registrationStatus } from './vehicles';

describe('registrationStatus', () => {
  const today = '2026-11-23';
  it('flags an expired registration and one expiring within 30 days (today and day 30 included)', () => {
    expect(registrationStatus('2026-11-22', today)).toBe('expired');
    expect(registrationStatus('2026-11-23', today)).toBe('expiring');
    expect(registrationStatus('2026-12-23', today)).toBe('expiring');
    expect(registrationStatus('2026-12-24', today)).toBe('current');
    expect(registrationStatus(null, today)).toBe('unknown');
  });
});

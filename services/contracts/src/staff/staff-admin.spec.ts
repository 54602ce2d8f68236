// Fixed dates: a date of birth to mask.
import { maskSensitive } from './staff-admin';

describe('maskSensitive', () => {
  it('shows the last four only of long numbers: social, routing, account and licence numbers', () => {
    expect(maskSensitive('socialNumber', '123-456-789')).toBe('•••• -789');
    expect(maskSensitive('bankRoutingNumber', '000112345')).toBe('•••• 2345');
    expect(maskSensitive('bankAccountNumber', '000123456789')).toBe('•••• 6789');
    expect(maskSensitive('drivingLicenseNumber', 'AB-7654321')).toBe('•••• 4321');
    expect(maskSensitive('drivingLicenseNumber', '1234')).toBe('••••');
  });

  it('hides a birth date, a bank name and a licence state entirely', () => {
    expect(maskSensitive('dob', '1988-04-23')).toBe('••••');
    expect(maskSensitive('bankName', 'Northern Credit Union')).toBe('••••');
    expect(maskSensitive('drivingLicenseState', 'AB')).toBe('••••');
  });

  it('answers null for an empty field', () => {
    expect(maskSensitive('dob', null)).toBeNull();
  });
});

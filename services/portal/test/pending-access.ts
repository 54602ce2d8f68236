import type { PendingAccessResponse } from '@portal/contracts';
import type { TestApp } from './app-harness';

/**
 * What `/api/me` answers someone whose first sign-in was just recorded (now, by the app's clock):
 * pending, with the address as recorded (trimmed, lower case) and the support address to write to.
 */
export function pendingAnswer(t: TestApp, username: string, name: string): PendingAccessResponse {
  return {
    access: 'pending',
    username,
    name,
    firstSignInAt: t.clock.now().toISOString(),
    contactEmail: 'support@smartwork.example',
  };
}

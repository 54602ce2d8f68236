import type { TestApp } from './app-harness';
import { signInAll } from './signed-in';

describe('signInAll', () => {
  it('signs each person in once, one after the other, and keeps their tokens by staff id', async () => {
    const asked: number[] = [];
    const t = {
      signIn: async (staffId: number) => {
        asked.push(staffId);
        return `token-of-${staffId}`;
      },
    } as unknown as TestApp;
    expect(await signInAll(t, [3, 1, 4])).toEqual({ 1: 'token-of-1', 3: 'token-of-3', 4: 'token-of-4' });
    expect(asked).toEqual([3, 1, 4]);
  });
});

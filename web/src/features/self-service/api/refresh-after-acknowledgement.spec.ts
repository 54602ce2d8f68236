import { describe, expect, it } from '@jest/globals';
import { QueryClient } from '@tanstack/react-query';
import { myMonthKey } from '../../../lib/my-month';
import { codeOfConductKey, refreshAfterAcknowledgement } from './refresh-after-acknowledgement';

describe('after acknowledging the code of conduct', () => {
  it("reloads the status and the dashboard's month at a glance, and leaves other data alone", async () => {
    const client = new QueryClient();
    client.setQueryData(codeOfConductKey, { acknowledgedAt: null });
    client.setQueryData(myMonthKey, { codeOfConductAcknowledgedAt: null });
    client.setQueryData(['timesheets', 'mine'], []);

    await refreshAfterAcknowledgement(client);

    expect(client.getQueryState(codeOfConductKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(myMonthKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(['timesheets', 'mine'])?.isInvalidated).toBe(false);
    client.clear();
  });
});

// Fixed dates: the hourly limit of the decider, given its instants.
import { SUPPORT_MESSAGES_PER_HOUR, type HelpEvent } from '@portal/contracts';
import { broken, given } from '../../../kernel/testing/given-when-then';
import { supportMessagesDecider, type SendSupportMessage } from './support-messages';

const sent = (sentAt: string): HelpEvent => ({
  type: 'SupportMessageSent',
  data: { staffId: 3, sentAt, messageLength: 5, message: 'pd1:sealed' },
});

const send = (now: string, timeZone: string | null = null): SendSupportMessage => ({
  type: 'SendSupportMessage',
  staffId: 3,
  sealedMessage: 'pd1:new',
  messageLength: 12,
  timeZone,
  now: new Date(now),
});

// This file pins its own instants: 10 March 2026 from 14:05 UTC.
const FIRST = Date.parse('2026-03-10T14:05:00.000Z');
const MINUTE = 60_000;
/** `count` messages a minute apart from 14:05 UTC. */
const sentFrom = (count: number) =>
  Array.from({ length: count }, (_, i) => sent(new Date(FIRST + i * MINUTE).toISOString()));
/** As many as the limit allows, all within the hour. */
const allowedSent = sentFrom(SUPPORT_MESSAGES_PER_HOUR);
const limitReached = (at: string) =>
  `You have sent ${SUPPORT_MESSAGES_PER_HOUR} messages in the last hour. Please try again after ${at}.`;

describe('support messages: at most SUPPORT_MESSAGES_PER_HOUR an hour per person', () => {
  it('accepts the last one the limit allows within the hour, and refuses one more', () => {
    const oneLeft = given(supportMessagesDecider, sentFrom(SUPPORT_MESSAGES_PER_HOUR - 1));
    expect(oneLeft.when(send('2026-03-10T14:50:00.000Z')).events).toHaveLength(1);
    const full = given(supportMessagesDecider, allowedSent);
    expect(broken(full.when(send('2026-03-10T14:50:00.000Z'))).code).toBe('rate_limited');
  });

  it('records the sender, the time and the length, never the text in plain', () => {
    expect(given(supportMessagesDecider).when(send('2026-03-10T09:00:00.000Z')).events).toEqual([
      {
        type: 'SupportMessageSent',
        data: { staffId: 3, sentAt: '2026-03-10T09:00:00.000Z', messageLength: 12, message: 'pd1:new' },
      },
    ]);
  });

  it('refuses one more within the hour, naming when the oldest of them leaves it', () => {
    const refused = broken(given(supportMessagesDecider, allowedSent).when(send('2026-03-10T14:50:00.000Z')));
    expect(refused.code).toBe('rate_limited');
    expect(refused.message).toBe(limitReached('3:05 PM UTC'));
    // 14:50 to 15:05: the answer's Retry-After.
    expect(refused.retryAfterSeconds).toBe(15 * 60);
  });

  it("names the time in the person's own time zone when it is known", () => {
    const refused = broken(
      given(supportMessagesDecider, allowedSent).when(send('2026-03-10T14:50:00.000Z', 'America/Toronto')),
    );
    expect(refused.message).toBe(limitReached('11:05 AM'));
  });

  it('accepts again once the oldest has been sent an hour ago', () => {
    const history = given(supportMessagesDecider, allowedSent);
    const lastMoment = broken(history.when(send('2026-03-10T15:04:59.999Z')));
    expect(lastMoment.code).toBe('rate_limited');
    expect(lastMoment.retryAfterSeconds).toBe(1);
    expect(history.when(send('2026-03-10T15:05:00.000Z')).events).toHaveLength(1);
  });

  it('counts only the last hour: as many as the limit, the first over an hour ago, leave room', () => {
    const spread = [sent('2026-03-10T12:00:00.000Z'), ...sentFrom(SUPPORT_MESSAGES_PER_HOUR - 1)];
    expect(given(supportMessagesDecider, spread).when(send('2026-03-10T14:50:00.000Z')).events).toHaveLength(
      1,
    );
  });
});

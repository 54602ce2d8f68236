// Fixed dates: the hourly limit of the decider, given its instants.
import type { HelpEvent } from '@portal/contracts';
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

/** Five messages between 14:05 and 14:45 UTC on one day. */
const fiveSent = ['14:05', '14:15', '14:25', '14:35', '14:45'].map((t) => sent(`2026-03-10T${t}:00.000Z`));

describe('support messages: at most five an hour per person', () => {
  it('records the sender, the time and the length, never the text in plain', () => {
    expect(given(supportMessagesDecider).when(send('2026-03-10T09:00:00.000Z')).events).toEqual([
      {
        type: 'SupportMessageSent',
        data: { staffId: 3, sentAt: '2026-03-10T09:00:00.000Z', messageLength: 12, message: 'pd1:new' },
      },
    ]);
  });

  it('refuses a sixth within the hour, naming when the oldest of the five leaves it', () => {
    const refused = broken(given(supportMessagesDecider, fiveSent).when(send('2026-03-10T14:50:00.000Z')));
    expect(refused.code).toBe('rate_limited');
    expect(refused.message).toBe(
      'You have sent 5 messages in the last hour. Please try again after 3:05 PM UTC.',
    );
  });

  it("names the time in the person's own time zone when it is known", () => {
    const refused = broken(
      given(supportMessagesDecider, fiveSent).when(send('2026-03-10T14:50:00.000Z', 'America/Toronto')),
    );
    expect(refused.message).toBe(
      'You have sent 5 messages in the last hour. Please try again after 11:05 AM.',
    );
  });

  it('accepts again once the oldest has been sent an hour ago', () => {
    const history = given(supportMessagesDecider, fiveSent);
    expect(broken(history.when(send('2026-03-10T15:04:59.999Z'))).code).toBe('rate_limited');
    expect(history.when(send('2026-03-10T15:05:00.000Z')).events).toHaveLength(1);
  });

  it('counts only the last hour: five spread over two hours leave room', () => {
    const spread = ['12:00', '12:30', '13:10', '13:40', '14:00'].map((t) => sent(`2026-03-10T${t}:00.000Z`));
    expect(given(supportMessagesDecider, spread).when(send('2026-03-10T14:05:00.000Z')).events).toHaveLength(
      1,
    );
  });
});

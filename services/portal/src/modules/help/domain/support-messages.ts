import {
  helpMessages,
  SUPPORT_MESSAGE_WINDOW_MS,
  SUPPORT_MESSAGES_PER_HOUR,
  type HelpEvent,
} from '@portal/contracts';
import type { Decider } from '../../../kernel/decider';
import { DomainError } from '../../../kernel/domain-error';

/** What the limit needs of a person's stream: when their latest messages were sent (ms, oldest first). */
export interface SupportMessagesState {
  readonly recentSentAt: readonly number[];
}

export interface SendSupportMessage {
  readonly type: 'SendSupportMessage';
  readonly staffId: number;
  /** Already sealed for the sender (platform/crypto): the decider never sees the text. */
  readonly sealedMessage: string;
  readonly messageLength: number;
  /** The browser's time zone, for the time the limit message names. */
  readonly timeZone: string | null;
  readonly now: Date;
}

/**
 * When the person may send again: the moment the oldest of the last `SUPPORT_MESSAGES_PER_HOUR`
 * messages leaves the hour; null when they may send now.
 */
export function nextAllowedAt(state: SupportMessagesState, now: Date): Date | null {
  const windowStart = now.getTime() - SUPPORT_MESSAGE_WINDOW_MS;
  const inWindow = state.recentSentAt.filter((sentAt) => sentAt > windowStart);
  if (inWindow.length < SUPPORT_MESSAGES_PER_HOUR) return null;
  return new Date(inWindow[inWindow.length - SUPPORT_MESSAGES_PER_HOUR] + SUPPORT_MESSAGE_WINDOW_MS);
}

/** One person's support messages: at most `SUPPORT_MESSAGES_PER_HOUR` within any hour. */
export const supportMessagesDecider: Decider<SupportMessagesState, SendSupportMessage, HelpEvent> = {
  initialState: () => ({ recentSentAt: [] }),

  evolve(state, event) {
    switch (event.type) {
      case 'SupportMessageSent':
        // Only the latest few can ever count against the limit.
        return {
          recentSentAt: [...state.recentSentAt, Date.parse(event.data.sentAt)].slice(
            -SUPPORT_MESSAGES_PER_HOUR,
          ),
        };
      default: {
        const unknown: never = event.type;
        return unknown;
      }
    }
  },

  decide(command, state) {
    const retryAt = nextAllowedAt(state, command.now);
    if (retryAt)
      throw DomainError.rateLimited(
        helpMessages.limitReached(retryAt, command.timeZone),
        retryAt,
        command.now,
      );
    return [
      {
        type: 'SupportMessageSent',
        data: {
          staffId: command.staffId,
          sentAt: command.now.toISOString(),
          messageLength: command.messageLength,
          message: command.sealedMessage,
        },
      },
    ];
  },
};

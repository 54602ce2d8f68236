import { CommandHandler } from '@nestjs/cqrs';
import {
  characterCount,
  supportMessagesStreamId,
  type SupportMessageInput,
  type SupportMessageResponse,
} from '@portal/contracts';
import { PortalCommand, PortalCommandHandler, Requires, type Caller } from '../../../platform/cqrs';
import { PersonalDataCipher } from '../../../platform/crypto/personal-data-cipher';
import { runCommand } from '../../../platform/event-store/decider';
import { EventStore } from '../../../platform/event-store/event-store.port';
import { supportMessagesDecider } from '../domain/support-messages';

/** The subject a person's messages are sealed for: their own key, as their other personal data. */
export const senderSubject = (staffId: number): string => `staff-${staffId}`;

/**
 * POST /api/help/support-messages: the signed-in person writes to the support address
 * (SupportMessageSent; a reactor queues the e-mail). At most five an hour, decided on their stream.
 */
@Requires('signed-in')
export class SendSupportMessageCommand extends PortalCommand<SupportMessageResponse> {
  constructor(
    caller: Caller,
    readonly input: SupportMessageInput,
  ) {
    super(caller);
  }
}

@CommandHandler(SendSupportMessageCommand)
export class SendSupportMessageHandler extends PortalCommandHandler<SendSupportMessageCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly cipher: PersonalDataCipher,
  ) {
    super();
  }

  protected async handle({ caller, input }: SendSupportMessageCommand): Promise<SupportMessageResponse> {
    const staffId = caller.principal.staffId;
    const sealedMessage = (await this.cipher.session(senderSubject(staffId), true)).seal(input.message);
    const outcome = await runCommand(
      this.store,
      supportMessagesStreamId(staffId),
      supportMessagesDecider,
      {
        type: 'SendSupportMessage',
        staffId,
        sealedMessage,
        messageLength: characterCount(input.message),
        timeZone: input.timeZone,
        now: caller.context.now,
      },
      caller.context,
    );
    return { sentAt: outcome.events[0]?.data.sentAt ?? caller.context.now.toISOString() };
  }
}

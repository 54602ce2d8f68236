import { Module } from '@nestjs/common';
import { ContextRegistry } from '../../platform/registry/context-registry';
import { StaffModule } from '../staff';
import { SendSupportMessageHandler } from './commands/send-support-message';
import { HelpController } from './help.controller';
import { SupportMessageEmailProcessor } from './reactions/support-message-email.processor';
import { SUPPORT_MESSAGE_EMAIL_JOB, supportMessageReactor } from './reactions/support-message.reactor';

/**
 * Help: the Need Help? contact form. A person's messages (stream `support-messages-{staffId}`,
 * at most five an hour) and the e-mail each one sends to the support address.
 */
@Module({
  imports: [StaffModule],
  controllers: [HelpController],
  providers: [SendSupportMessageHandler, SupportMessageEmailProcessor],
})
export class HelpModule {
  constructor(registry: ContextRegistry) {
    registry.reactor(supportMessageReactor).job(SUPPORT_MESSAGE_EMAIL_JOB);
  }
}

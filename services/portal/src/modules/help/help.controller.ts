import { Body, Controller, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { supportMessageRequestSchema, type SupportMessageResponse } from '@portal/contracts';
import { CurrentCaller, type Caller } from '../../platform/cqrs';
import { parseBody } from '../../platform/http/validation';
import { SendSupportMessageCommand } from './commands/send-support-message';

/** /api/help: the Need Help? contact form (any signed-in person). Parses, asks the bus. */
@Controller('help')
export class HelpController {
  constructor(private readonly commands: CommandBus) {}

  @Post('support-messages')
  send(@CurrentCaller() caller: Caller, @Body() body: unknown): Promise<SupportMessageResponse> {
    return this.commands.execute(
      new SendSupportMessageCommand(caller, parseBody(supportMessageRequestSchema, body)),
    );
  }
}

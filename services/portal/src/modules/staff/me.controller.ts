import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  codeOfConductAcknowledgeSchema,
  profileRevealSchema,
  type CodeOfConductStatus,
  type MyProfile,
  type StaffRevealResponse,
} from '@portal/contracts';
import { CurrentCaller, type Caller } from '../../platform/cqrs';
import { ReadRoute } from '../../platform/http/idempotency.interceptor';
import { parseBody } from '../../platform/http/validation';
import {
  AcknowledgeCodeOfConductCommand,
  type CodeOfConductOutcome,
} from './commands/acknowledge-code-of-conduct';
import { RevealOwnSensitiveFieldCommand } from './commands/reveal-own-sensitive-field';
import { GetMyProfile } from './queries/my-profile';
import { GetMyStanding, type MyStanding } from './queries/my-standing';

/** The signed-in person's own profile and code of conduct: no route here names anyone else. */
@Controller('me')
export class MeController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('profile')
  profile(@CurrentCaller() caller: Caller): Promise<MyProfile> {
    return this.queries.execute(new GetMyProfile(caller.principal));
  }

  /** One of their own sensitive fields in the clear; the answer is never stored with the Idempotency-Key. */
  @Post('profile/reveal')
  @HttpCode(200)
  @ReadRoute()
  reveal(@CurrentCaller() caller: Caller, @Body() body: unknown): Promise<StaffRevealResponse> {
    const { field } = parseBody(profileRevealSchema, body);
    return this.commands.execute(new RevealOwnSensitiveFieldCommand(caller, field));
  }

  @Get('code-of-conduct')
  async codeOfConduct(@CurrentCaller() caller: Caller): Promise<CodeOfConductStatus> {
    const standing = await this.queries.execute<GetMyStanding, MyStanding>(
      new GetMyStanding(caller.principal),
    );
    return { name: standing.name, acknowledgedAt: standing.codeOfConductAcknowledgedAt };
  }

  @Post('code-of-conduct')
  @HttpCode(200)
  acknowledge(@CurrentCaller() caller: Caller, @Body() body: unknown): Promise<CodeOfConductOutcome> {
    parseBody(codeOfConductAcknowledgeSchema, body);
    return this.commands.execute(new AcknowledgeCodeOfConductCommand(caller));
  }
}

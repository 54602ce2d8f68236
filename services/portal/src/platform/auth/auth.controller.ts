import {
  devFirstSignInRequestSchema,
  devSignInRequestSchema,
  type AuthConfigResponse,
  type DevSignInPerson,
  type DevSignInResponse,
  type MeAnswer,
} from '@portal/contracts';
import { Body, Controller, Get, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { callerOf } from '../cqrs';
import { parseBody } from '../http/validation';
import type { AuthenticatedRequest } from './auth.guard';
import { DevFirstSignIn, DevSignIn } from './commands/dev-sign-in';
import { EndPendingSession, EndSession } from './commands/end-session';
import { Public, AuditorsMayCall, PendingMayCall } from './decorators';
import { DevSignInEnabled } from './dev-sign-in.guard';
import { AuthSettings } from './queries/auth-settings';
import { DevSignInPeople } from './queries/dev-sign-in-people';
import { PendingAccessStatus } from './queries/pending-access-status';
import { WhoAmI } from './queries/who-am-i';

/** Sign-in, logout and "who am I": parses input and asks the buses. */
@Controller()
export class AuthController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /** What the web needs to sign in: MSAL settings, or the dev sign-in picker. */
  @Public()
  @Get('auth/config')
  authConfig(): Promise<AuthConfigResponse> {
    return this.queries.execute(new AuthSettings());
  }

  @Public()
  @UseGuards(DevSignInEnabled)
  @Get('auth/dev/people')
  devPeople(): Promise<DevSignInPerson[]> {
    return this.queries.execute(new DevSignInPeople());
  }

  @Public()
  @UseGuards(DevSignInEnabled)
  @Post('auth/dev/sign-in')
  @HttpCode(200)
  devSignIn(@Body() body: unknown): Promise<DevSignInResponse> {
    const { staffId } = parseBody(devSignInRequestSchema, body);
    return this.commands.execute(new DevSignIn(staffId));
  }

  /** Someone no one has added yet (issue 25): a token as Entra ID would give them. */
  @Public()
  @UseGuards(DevSignInEnabled)
  @Post('auth/dev/first-sign-in')
  @HttpCode(200)
  devFirstSignIn(@Body() body: unknown): Promise<DevSignInResponse> {
    return this.commands.execute(new DevFirstSignIn(parseBody(devFirstSignInRequestSchema, body)));
  }

  /** Ends the session: the token is refused from now on (until it would have expired). */
  @Post('auth/logout')
  @AuditorsMayCall()
  @PendingMayCall()
  @HttpCode(204)
  logout(@Req() request: AuthenticatedRequest): Promise<void> {
    const session = request.session ?? null;
    if (request.pendingAccess) return this.commands.execute(new EndPendingSession(session));
    return this.commands.execute(new EndSession(callerOf(request), session));
  }

  /** The staff member signed in, or the pending state of someone whose access is being set up. */
  @Get('me')
  @PendingMayCall()
  me(@Req() request: AuthenticatedRequest): Promise<MeAnswer> {
    if (request.pendingAccess) return this.queries.execute(new PendingAccessStatus(request.pendingAccess));
    return this.queries.execute(new WhoAmI(callerOf(request).principal));
  }
}

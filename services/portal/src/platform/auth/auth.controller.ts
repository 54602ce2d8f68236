import {
  devSignInRequestSchema,
  type AuthConfigResponse,
  type DevSignInPerson,
  type DevSignInResponse,
  type MeResponse,
} from '@portal/contracts';
import { Body, Controller, Get, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { CurrentCaller, type Caller } from '../cqrs';
import { parseBody } from '../http/validation';
import type { AuthenticatedRequest } from './auth.guard';
import { DevSignIn } from './commands/dev-sign-in';
import { EndSession } from './commands/end-session';
import { CurrentPrincipal, Public, AuditorsMayCall } from './decorators';
import { DevSignInEnabled } from './dev-sign-in.guard';
import type { Principal } from './principal';
import { AuthSettings } from './queries/auth-settings';
import { DevSignInPeople } from './queries/dev-sign-in-people';
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

  /** Ends the session: the token is refused from now on (until it would have expired). */
  @Post('auth/logout')
  @AuditorsMayCall()
  @HttpCode(204)
  logout(@CurrentCaller() caller: Caller, @Req() request: AuthenticatedRequest): Promise<void> {
    return this.commands.execute(new EndSession(caller, request.session ?? null));
  }

  @Get('me')
  me(@CurrentPrincipal() principal: Principal): Promise<MeResponse> {
    return this.queries.execute(new WhoAmI(principal));
  }
}

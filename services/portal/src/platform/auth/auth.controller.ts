import {
  authMessages,
  devSignInRequestSchema,
  type AuthConfigResponse,
  type DevSignInPerson,
  type DevSignInResponse,
  type MeResponse,
} from '@portal/contracts';
import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import type { PortalConfig } from '../config/config';
import { InjectConfig } from '../config/config.provider';
import { DomainError } from '../../kernel/domain-error';
import { parseBody } from '../http/validation';
import type { AuthenticatedRequest } from './auth.guard';
import { CurrentPrincipal, Public } from './decorators';
import { DevTokens } from './dev-tokens';
import { entraAuthority } from './entra.strategy';
import { StaffDirectory, type Principal } from './principal';
import { TokenRevocations } from './token-revocations';

@Controller()
export class AuthController {
  constructor(
    @InjectConfig() private readonly config: PortalConfig,
    private readonly staff: StaffDirectory,
    private readonly devTokens: DevTokens,
    private readonly revocations: TokenRevocations,
  ) {}

  /** What the web needs to sign in: MSAL settings, or the dev sign-in picker. */
  @Public()
  @Get('auth/config')
  authConfig(): AuthConfigResponse {
    const entra = this.config.entra;
    return {
      devSignIn: this.config.devSignIn,
      entra: entra
        ? { clientId: entra.clientId, tenantId: entra.tenantId, authority: entraAuthority(entra.tenantId) }
        : null,
    };
  }

  @Public()
  @Get('auth/dev/people')
  async devPeople(): Promise<DevSignInPerson[]> {
    this.requireDevSignIn();
    const people = await this.staff.listActive();
    return people
      .map((p) => ({
        staffId: p.staffId,
        name: p.name,
        username: p.username,
        isAdmin: p.isAdmin,
        userType: p.userType,
      }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.staffId - b.staffId);
  }

  @Public()
  @Post('auth/dev/sign-in')
  @HttpCode(200)
  async devSignIn(@Body() body: unknown): Promise<DevSignInResponse> {
    this.requireDevSignIn();
    const { staffId } = parseBody(devSignInRequestSchema, body);
    const person = await this.staff.findById(staffId);
    if (!person) throw DomainError.validation([{ path: 'staffId', message: authMessages.unknownPerson }]);
    return { token: await this.devTokens.issue(person.staffId) };
  }

  /** Ends the session: the token is refused from now on (until it would have expired). */
  @Post('auth/logout')
  @HttpCode(204)
  async logout(@Req() request: AuthenticatedRequest): Promise<void> {
    if (request.session) await this.revocations.revoke(request.session.tokenHash, request.session.expiresAt);
  }

  @Get('me')
  me(@CurrentPrincipal() principal: Principal): MeResponse {
    return {
      staffId: principal.staffId,
      name: principal.name,
      username: principal.username,
      isAdmin: principal.isAdmin,
      userType: principal.userType,
      canEditRoster: principal.canEditRoster,
      needReceipt: principal.needReceipt,
    };
  }

  private requireDevSignIn(): void {
    if (!this.config.devSignIn) throw DomainError.notFound(authMessages.devSignInOff);
  }
}

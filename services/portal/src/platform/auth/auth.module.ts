import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import type { PortalConfig } from '../config/config';
import { PORTAL_CONFIG } from '../config/config.provider';
import { AuthController } from './auth.controller';
import { AuthGuard, ENTRA_STRATEGY_INSTANCE } from './auth.guard';
import { DevSignInHandler } from './commands/dev-sign-in';
import { EndSessionHandler } from './commands/end-session';
import { DevTokens } from './dev-tokens';
import { EntraStrategy } from './entra.strategy';
import { StaffDirectory } from './principal';
import { AuthSettingsHandler } from './queries/auth-settings';
import { DevSignInPeopleHandler } from './queries/dev-sign-in-people';
import { WhoAmIHandler } from './queries/who-am-i';
import { StaffSessions } from './staff-sessions';
import { TokenRevocations } from './token-revocations';

/**
 * Sign-in: the global AuthGuard, dev sign-in tokens, Entra ID bearer tokens and logout.
 * Needs a `StaffDirectory` provider from a global module (the staff context provides it).
 */
@Module({
  controllers: [AuthController],
  providers: [
    DevTokens,
    TokenRevocations,
    DevSignInHandler,
    EndSessionHandler,
    AuthSettingsHandler,
    DevSignInPeopleHandler,
    WhoAmIHandler,
    {
      provide: ENTRA_STRATEGY_INSTANCE,
      useFactory: (config: PortalConfig, staff: StaffDirectory, sessions: StaffSessions) =>
        config.entra ? new EntraStrategy(config, staff, sessions) : null,
      inject: [PORTAL_CONFIG, StaffDirectory, StaffSessions],
    },
    { provide: APP_GUARD, useClass: AuthGuard },
  ],
})
export class AuthModule {}

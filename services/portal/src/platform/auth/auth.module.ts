import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import type { PortalConfig } from '../config/config';
import { PORTAL_CONFIG } from '../config/config.provider';
import { AuthController } from './auth.controller';
import { AuthGuard, ENTRA_STRATEGY_INSTANCE } from './auth.guard';
import { DevFirstSignInHandler, DevSignInHandler } from './commands/dev-sign-in';
import { EndPendingSessionHandler, EndSessionHandler } from './commands/end-session';
import { DevTokens } from './dev-tokens';
import { EntraStrategy } from './entra.strategy';
import { OpenIdConnectStrategy } from './openid-connect.strategy';
import { AuthSettingsHandler } from './queries/auth-settings';
import { DevSignInPeopleHandler } from './queries/dev-sign-in-people';
import { PendingAccessStatusHandler } from './queries/pending-access-status';
import { WhoAmIHandler } from './queries/who-am-i';
import { SignInResolver } from './sign-in-resolver';
import { TokenRevocations } from './token-revocations';

/**
 * Sign-in: the global AuthGuard, dev sign-in tokens, single sign-on bearer tokens (Entra ID's, or
 * another OpenID Connect provider's) and logout.
 * Needs `StaffDirectory` and `Newcomers` providers from global modules (the staff and access
 * contexts provide them).
 */
@Module({
  controllers: [AuthController],
  providers: [
    DevTokens,
    TokenRevocations,
    SignInResolver,
    DevSignInHandler,
    DevFirstSignInHandler,
    EndSessionHandler,
    EndPendingSessionHandler,
    AuthSettingsHandler,
    DevSignInPeopleHandler,
    WhoAmIHandler,
    PendingAccessStatusHandler,
    {
      provide: ENTRA_STRATEGY_INSTANCE,
      useFactory: (config: PortalConfig) => {
        if (!config.entra) return null;
        return config.entra.protocol === 'oidc'
          ? new OpenIdConnectStrategy(config)
          : new EntraStrategy(config);
      },
      inject: [PORTAL_CONFIG],
    },
    { provide: APP_GUARD, useClass: AuthGuard },
  ],
})
export class AuthModule {}

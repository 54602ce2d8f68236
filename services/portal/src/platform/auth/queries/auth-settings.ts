import type { AuthConfigResponse } from '@portal/contracts';
import { QueryHandler } from '@nestjs/cqrs';
import type { PortalConfig } from '../../config/config';
import { InjectConfig } from '../../config/config.provider';
import { PortalQuery, PortalQueryHandler, Requires } from '../../cqrs';

/** GET /api/auth/config (public): what the web needs to sign in: MSAL settings, or the dev picker. */
@Requires('public')
export class AuthSettings extends PortalQuery<AuthConfigResponse> {
  constructor() {
    super(null);
  }
}

@QueryHandler(AuthSettings)
export class AuthSettingsHandler extends PortalQueryHandler<AuthSettings> {
  constructor(@InjectConfig() private readonly config: PortalConfig) {
    super();
  }

  protected async handle(): Promise<AuthConfigResponse> {
    const entra = this.config.entra;
    return {
      devSignIn: this.config.devSignIn,
      entra: entra
        ? {
            clientId: entra.clientId,
            tenantId: entra.tenantId,
            authority: entra.authority,
            knownAuthorities: [...entra.knownAuthorities],
            protocol: entra.protocol,
            allowedDomains: [...this.config.allowedSignInDomains],
          }
        : null,
    };
  }
}

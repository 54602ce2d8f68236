import { authMessages, type DevSignInResponse } from '@portal/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../../kernel/domain-error';
import type { PortalConfig } from '../../config/config';
import { InjectConfig } from '../../config/config.provider';
import { authorize, Requires } from '../../cqrs/permissions';
import { DevTokens } from '../dev-tokens';
import type { SignInIdentity } from '../newcomers';
import { StaffDirectory } from '../principal';
import { isAllowedSignInDomain } from '../sign-in-domain';

/** Dev sign-in and its picker exist only while DEV_SIGN_IN is on; otherwise they are not found. */
export function requireDevSignIn(config: Pick<PortalConfig, 'devSignIn'>): void {
  if (!config.devSignIn) throw DomainError.notFound(authMessages.devSignInOff);
}

/**
 * POST /api/auth/dev/sign-in: the one command sent before anyone is signed in, so it carries no
 * caller (a PortalCommand's caller is a signed-in person); like every command it declares its
 * permission, and its handler checks it once before anything else.
 */
@Requires('public')
export class DevSignIn extends Command<DevSignInResponse> {
  constructor(readonly staffId: number) {
    super();
  }
}

@CommandHandler(DevSignIn)
export class DevSignInHandler implements ICommandHandler<DevSignIn, DevSignInResponse> {
  constructor(
    @InjectConfig() private readonly config: PortalConfig,
    private readonly staff: StaffDirectory,
    private readonly devTokens: DevTokens,
  ) {}

  async execute(command: DevSignIn): Promise<DevSignInResponse> {
    authorize(null, command);
    requireDevSignIn(this.config);
    const person = await this.staff.findById(command.staffId);
    if (!person) throw DomainError.validation([{ path: 'staffId', message: authMessages.unknownPerson }]);
    return { token: await this.devTokens.issue({ staffId: person.staffId }) };
  }
}

/**
 * POST /api/auth/dev/first-sign-in (issue 25): a token for someone no one has added yet, as Entra ID
 * would give them one. Nothing is recorded here: their first request goes the first sign-in's way
 * (SignInResolver), as an Entra token's does. An address of a domain that is not allowed is refused
 * at once, with the message its requests would get.
 */
@Requires('public')
export class DevFirstSignIn extends Command<DevSignInResponse> {
  constructor(readonly identity: SignInIdentity) {
    super();
  }
}

@CommandHandler(DevFirstSignIn)
export class DevFirstSignInHandler implements ICommandHandler<DevFirstSignIn, DevSignInResponse> {
  constructor(
    @InjectConfig() private readonly config: PortalConfig,
    private readonly devTokens: DevTokens,
  ) {}

  async execute(command: DevFirstSignIn): Promise<DevSignInResponse> {
    authorize(null, command);
    requireDevSignIn(this.config);
    if (!isAllowedSignInDomain(command.identity.username, this.config.allowedSignInDomains)) {
      throw DomainError.forbidden(authMessages.notAllowedToLogin);
    }
    return { token: await this.devTokens.issue(command.identity) };
  }
}

import { Injectable, type CanActivate } from '@nestjs/common';
import type { PortalConfig } from '../config/config';
import { InjectConfig } from '../config/config.provider';
import { requireDevSignIn } from './commands/dev-sign-in';

/**
 * On the dev sign-in routes: while DEV_SIGN_IN is off they answer 404 before their input is read,
 * so nothing tells them apart from a route that does not exist. (The handlers check it too.)
 */
@Injectable()
export class DevSignInEnabled implements CanActivate {
  constructor(@InjectConfig() private readonly config: PortalConfig) {}

  canActivate(): boolean {
    requireDevSignIn(this.config);
    return true;
  }
}

import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  Newcomers,
  type ArrivalContext,
  type NewcomerOutcome,
  type SignInIdentity,
} from '../../../platform/auth/newcomers';
import { AdmitBootstrapAdminCommand } from './admit-bootstrap-admin';
import { RequestAccessCommand } from './request-access';

/**
 * The access context's side of the AuthGuard's Newcomers port: every sign-in of someone no staff
 * member is records their first sign-in (once), then admits a bootstrap admin or leaves them
 * awaiting access. Concurrent requests of one person in this process share one arrival, so a
 * page's first calls do not race each other to the staff registration.
 */
@Injectable()
export class NewcomerAdmission extends Newcomers {
  private readonly arriving = new Map<string, Promise<NewcomerOutcome>>();

  constructor(private readonly commands: CommandBus) {
    super();
  }

  arrive(identity: SignInIdentity, arrival: ArrivalContext): Promise<NewcomerOutcome> {
    let outcome = this.arriving.get(identity.username);
    if (!outcome) {
      outcome = this.admit(identity, arrival).finally(() => this.arriving.delete(identity.username));
      this.arriving.set(identity.username, outcome);
    }
    return outcome;
  }

  private async admit(identity: SignInIdentity, arrival: ArrivalContext): Promise<NewcomerOutcome> {
    const request = await this.commands.execute(new RequestAccessCommand(identity, arrival));
    const admin = await this.commands.execute(new AdmitBootstrapAdminCommand(identity, arrival));
    if (admin) return { kind: 'admitted', principal: admin };
    const { username, name, requestedAt } = request;
    return { kind: 'pending', pending: { username, name, firstSignInAt: requestedAt } };
  }
}

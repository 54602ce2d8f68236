import { Injectable } from '@nestjs/common';

/**
 * Whether this process is stopping (SIGTERM, main.ts): from that moment `/health/ready` answers
 * 503, so a load balancer takes the process out, while it goes on serving for the drain delay
 * (SHUTDOWN_DRAIN_MS) before it closes.
 */
@Injectable()
export class Draining {
  private stopping = false;

  begin(): void {
    this.stopping = true;
  }

  get active(): boolean {
    return this.stopping;
  }
}

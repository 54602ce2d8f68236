import { Controller, Get, NotFoundException, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Public } from '../auth/decorators';
import type { PortalConfig } from '../config/config';
import { InjectConfig } from '../config/config.provider';
import { metricsRegistry } from './metrics';
import { OperationsProbe } from './operations-probe';

/**
 * The metrics of the process in Prometheus's text format (no sign-in). Served on the main port at
 * `/metrics`, unless OPERATOR_PORT names a port of their own (OperatorListener): then the main port
 * answers 404, so nothing in front of it (an ingress, a proxy) can show them.
 */
@Controller('metrics')
@Public()
export class MetricsController {
  constructor(
    private readonly probe: OperationsProbe,
    @InjectConfig() private readonly config: PortalConfig,
  ) {}

  @Get()
  async metrics(@Res() response: Response): Promise<void> {
    if (this.config.observability.operatorPort !== undefined) throw new NotFoundException();
    const { contentType, body } = await scrape(this.probe);
    response.status(200).type(contentType).setHeader('Cache-Control', 'no-store').send(body);
  }
}

/**
 * One scrape: the gauges are read fresh; when the database cannot be read they keep their last
 * values and the counters are served as ever.
 */
export async function scrape(probe: OperationsProbe): Promise<{ contentType: string; body: string }> {
  await probe.refreshGauges();
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}

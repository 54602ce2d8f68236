import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Public } from '../auth/decorators';
import { metricsRegistry } from './metrics';
import { OperationsProbe } from './operations-probe';

/**
 * `/metrics`: the process's metrics in Prometheus's text format, for a scraper (no sign-in; keep
 * it off the public ingress, docs/operations.md). The gauges are read fresh for each scrape; when
 * the database cannot be read they keep their last values and the counters are served as ever.
 */
@Controller('metrics')
@Public()
export class MetricsController {
  constructor(private readonly probe: OperationsProbe) {}

  @Get()
  async metrics(@Res() response: Response): Promise<void> {
    await this.probe.refreshGauges();
    response
      .status(200)
      .type(metricsRegistry.contentType)
      .setHeader('Cache-Control', 'no-store')
      .send(await metricsRegistry.metrics());
  }
}

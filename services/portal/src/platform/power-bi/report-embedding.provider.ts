import type { Provider } from '@nestjs/common';
import { Clock } from '../clock/clock';
import type { PortalConfig } from '../config/config';
import { PORTAL_CONFIG } from '../config/config.provider';
import { PowerBiReportEmbedding } from './power-bi-report-embedding';
import { DisabledReportEmbedding, ReportEmbedding } from './report-embedding.port';

/** Power BI when a workspace is configured (POWERBI_*), else the disabled port. */
export function createReportEmbedding(config: Pick<PortalConfig, 'powerBi'>, clock: Clock): ReportEmbedding {
  return config.powerBi
    ? new PowerBiReportEmbedding({ config: config.powerBi, clock })
    : new DisabledReportEmbedding();
}

export const reportEmbeddingProvider = {
  provide: ReportEmbedding,
  useFactory: createReportEmbedding,
  inject: [PORTAL_CONFIG, Clock],
} satisfies Provider;

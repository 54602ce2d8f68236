import type { FactoryProvider } from '@nestjs/common';
import type { PortalConfig } from '../config/config';
import { PORTAL_CONFIG } from '../config/config.provider';
import { startTracing, type Tracing } from './tracing';

export const TRACING = Symbol('TRACING');

/**
 * Traces are exported when OTEL_EXPORTER_OTLP_ENDPOINT is set (null otherwise): the provider is
 * registered as the app starts and flushed and unregistered as it stops.
 */
export const tracingProvider: FactoryProvider<Tracing | null> = {
  provide: TRACING,
  useFactory: (config: PortalConfig) => {
    if (!config.tracing) return null;
    const tracing = startTracing(config.tracing);
    return Object.assign(tracing, { onApplicationShutdown: () => tracing.shutdown() });
  },
  inject: [PORTAL_CONFIG],
};

import { z } from 'zod';

/** Pino's levels, quietest last; 'silent' writes nothing. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * What the portal tells operators (platform/observability, docs/operations.md): the level and
 * destination of its JSON log, and the bounds of `/health/ready`.
 */
export interface ObservabilityConfig {
  /** LOG_LEVEL; default info, and silent when NODE_ENV=test (tests ask for logs when they want them). */
  readonly logLevel: LogLevel;
  /** LOG_FILE: the log is appended to this file instead of standard output (the folder is made). */
  readonly logFile: string | undefined;
  /** HEALTH_MAX_PROJECTION_LAG: events a projection may be behind the log while the portal is ready (default 1000). */
  readonly maxProjectionLag: number;
  /** HEALTH_CHECK_TIMEOUT_MS: how long one readiness check may take before it counts as down (default 3000). */
  readonly healthCheckTimeoutMs: number;
  /**
   * OPERATOR_PORT: when set, the operator endpoints (`/metrics`, `/health/live`, `/health/ready`)
   * are served on this port of their own (for the scraper and the kubelet, which reach pods
   * directly) and the main port answers them 404, so no ingress or proxy in front of the main port
   * can expose them. Unset: on the main port, as before.
   */
  readonly operatorPort: number | undefined;
  /**
   * SHUTDOWN_DRAIN_MS: after SIGTERM, how long the process goes on serving with `/health/ready`
   * answering 503 before it closes (default 0; deploy/k8s sets it beside a preStop delay).
   */
  readonly shutdownDrainMs: number;
}

const wholeNumber = (min: number, max: number, what: string) =>
  z.coerce
    .number({ message: `must be a whole number of ${what} from ${min} to ${max}` })
    .int(`must be a whole number of ${what} from ${min} to ${max}`)
    .min(min, `must be a whole number of ${what} from ${min} to ${max}`)
    .max(max, `must be a whole number of ${what} from ${min} to ${max}`);

export const observabilityEnvShape = {
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }).optional(),
  LOG_FILE: z.string().trim().min(1, 'must be a file path').optional(),
  HEALTH_MAX_PROJECTION_LAG: wholeNumber(0, 1_000_000, 'events').default(1000),
  HEALTH_CHECK_TIMEOUT_MS: wholeNumber(100, 60_000, 'milliseconds').default(3000),
  OPERATOR_PORT: wholeNumber(1, 65_535, 'port').optional(),
  SHUTDOWN_DRAIN_MS: wholeNumber(0, 120_000, 'milliseconds').default(0),
};

export function observabilityConfigOf(env: {
  NODE_ENV: 'development' | 'test' | 'production';
  LOG_LEVEL?: LogLevel;
  LOG_FILE?: string;
  HEALTH_MAX_PROJECTION_LAG: number;
  HEALTH_CHECK_TIMEOUT_MS: number;
  OPERATOR_PORT?: number;
  SHUTDOWN_DRAIN_MS: number;
}): ObservabilityConfig {
  return Object.freeze({
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    logFile: env.LOG_FILE,
    maxProjectionLag: env.HEALTH_MAX_PROJECTION_LAG,
    healthCheckTimeoutMs: env.HEALTH_CHECK_TIMEOUT_MS,
    operatorPort: env.OPERATOR_PORT,
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS,
  });
}

import type { Provider } from '@nestjs/common';
import { Clock } from '../clock/clock';
import type { PortalConfig } from '../config/config';
import { PORTAL_CONFIG } from '../config/config.provider';
import { Directory, DisabledDirectory } from './directory.port';
import { GraphDirectory } from './graph-directory';

/** Graph when an app registration is configured (GRAPH_*), else the disabled port. */
export function createDirectory(config: Pick<PortalConfig, 'graph'>, clock: Clock): Directory {
  return config.graph ? new GraphDirectory({ config: config.graph, clock }) : new DisabledDirectory();
}

export const directoryProvider = {
  provide: Directory,
  useFactory: createDirectory,
  inject: [PORTAL_CONFIG, Clock],
} satisfies Provider;

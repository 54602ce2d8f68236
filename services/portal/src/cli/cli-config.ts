import { ConfigError, loadConfig, type PortalConfig } from '../platform/config/config';

/** The configuration for a command-line tool; null (the reason printed) when it is not valid. */
export function loadCliConfig(): PortalConfig | null {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return null;
    }
    throw error;
  }
}

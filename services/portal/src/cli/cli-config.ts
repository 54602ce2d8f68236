import { ConfigError, loadConfig, type PortalConfig } from '../platform/config/config';

/** The configuration for a command-line tool; null (the reason printed) when it is not valid. */
export function loadCliConfig(env: Record<string, string | undefined> = process.env): PortalConfig | null {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return null;
    }
    throw error;
  }
}

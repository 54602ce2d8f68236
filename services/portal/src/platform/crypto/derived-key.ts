import { hkdfSync } from 'node:crypto';
import type { PortalConfig } from '../config/config';
import { masterKeyOf } from './personal-data-cipher';

/**
 * A 32-byte secret for one purpose (e.g. `idempotency-fingerprint`), derived with HKDF-SHA256 from
 * the configured master key (PERSONAL_DATA_KEY): no new setting to manage, and a different
 * purpose never gets the same bytes.
 */
export function derivedSecret(config: Pick<PortalConfig, 'personalDataKey'>, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', masterKeyOf(config), Buffer.alloc(0), `portal:${purpose}`, 32));
}

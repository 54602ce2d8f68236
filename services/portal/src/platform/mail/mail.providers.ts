import type { Provider } from '@nestjs/common';
import { PORTAL_CONFIG } from '../config/config.provider';
import type { PortalConfig } from '../config/config';
import { DATABASE } from '../database/database.provider';
import type { Database } from '../database/database';
import { countSends } from '../observability/mailer-metrics';
import { createMailer } from './create-mailer';
import { Mailer } from './mailer.port';

/** The Mailer: SMTP or the outbox table, its sends counted (portal_emails_total). */
export const mailProviders = [
  {
    provide: Mailer,
    useFactory: async (config: PortalConfig, db: Database) => countSends(await createMailer(config, db)),
    inject: [PORTAL_CONFIG, DATABASE],
  },
] satisfies Provider[];

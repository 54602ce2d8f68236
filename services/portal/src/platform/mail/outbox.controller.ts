import { Controller, Get } from '@nestjs/common';
import { AdminOnly } from '../auth/decorators';
import { InjectDatabase } from '../database/database.provider';
import type { Database } from '../database/database';
import { listOutbox, type OutboxMail } from './outbox-mailer';

/** The dev mailbox: what the embedded default "sent" (admins only). */
@Controller('admin/outbox')
export class OutboxController {
  constructor(@InjectDatabase() private readonly db: Database) {}

  @Get()
  @AdminOnly()
  list(): Promise<OutboxMail[]> {
    return listOutbox(this.db);
  }
}

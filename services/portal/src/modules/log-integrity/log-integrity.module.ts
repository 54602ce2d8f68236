import { Module } from '@nestjs/common';
import { LogIntegrityController } from './log-integrity.controller';
import { VerifyEventLogHandler } from './queries/verify-event-log';

/** Tamper evidence: the check of the event log's hash chains (platform/event-store/chain-verifier.ts). */
@Module({ controllers: [LogIntegrityController], providers: [VerifyEventLogHandler] })
export class LogIntegrityModule {}

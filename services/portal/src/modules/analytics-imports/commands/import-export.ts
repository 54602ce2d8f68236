import type { IncomingMessage } from 'node:http';
import { pipeline } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import { parse } from '@fast-csv/parse';
import {
  importMessages,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROW_BYTES,
  type ImportOutcome,
} from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';
import { PortalCommand, PortalCommandHandler, Requires, type Caller } from '../../../platform/cqrs';
import { deriveEventId } from '../../../platform/event-store/command-context';
import { runCommand } from '../../../platform/event-store/decider';
import { EventStore, type LogPosition } from '../../../platform/event-store/event-store.port';
import { FileStorage } from '../../../platform/files/file-storage.port';
import { readableFileName, receiveFileUpload, RefusedUpload } from '../../../platform/files/file-upload';
import { AzureCostReader } from '../domain/azure-cost-csv';
import { refuseFile } from '../domain/csv-columns';
import {
  AZURE_COST_STREAM,
  importsDecider,
  OFFICE365_STREAM,
  type RecordImport,
} from '../domain/imports-log';
import { Office365Reader } from '../domain/office365-csv';
import { CsvRecordLimit } from '../../../platform/files/csv-record-limit';
import { BusinessCalendar } from '../../../platform/clock/business-calendar';

/** The contracts' ImportOutcome, its position a LogPosition until it is sent (ReadYourWritesInterceptor). */
export type ImportAnswer = Omit<ImportOutcome, 'position'> & { readonly position: LogPosition | null };

/** POST /api/admin/analytics/azure-cost/imports: a Cost Management export (multipart, field `file`). */
@Requires('admin')
export class ImportAzureCostCommand extends PortalCommand<ImportAnswer> {
  constructor(
    caller: Caller,
    readonly request: IncomingMessage,
  ) {
    super(caller);
  }
}

/** POST /api/admin/analytics/office365/imports: a Microsoft 365 users export (multipart, field `file`). */
@Requires('admin')
export class ImportOffice365Command extends PortalCommand<ImportAnswer> {
  constructor(
    caller: Caller,
    readonly request: IncomingMessage,
  ) {
    super(caller);
  }
}

/** Text, not a binary file: an .xlsx (a zip) or anything with NUL bytes is refused at its first bytes. */
function csvOrNot(head: Uint8Array): 'csv' | 'undecided' | null {
  if (head.length === 0) return 'undecided';
  if (head[0] === 0x50 && head[1] === 0x4b) return null;
  return head.subarray(0, 512).includes(0) ? null : 'csv';
}

interface RowReader {
  header(headings: readonly string[]): void;
  row(values: readonly string[], rowNumber: number): void;
}

/**
 * The shell both imports share: stream the file into storage (a staging copy, size and type
 * checked as it arrives), read it with a CSV parser row by row into the vendor's reader, which
 * refuses a file whose columns don't match (a 400 on `file` naming the missing columns) before any
 * event; then record the figures through the imports' decider. The staging copy is deleted either
 * way: the events keep the figures, not the file (the Microsoft 365 one names people).
 */
@Injectable()
abstract class ImportHandler<
  C extends ImportAzureCostCommand | ImportOffice365Command,
> extends PortalCommandHandler<C> {
  constructor(
    private readonly store: EventStore,
    private readonly storage: FileStorage,
    protected readonly calendar: BusinessCalendar,
  ) {
    super();
  }

  protected async importFile(
    { caller, request }: C,
    stream: string,
    reader: RowReader,
    record: (importId: string, fileName: string) => RecordImport,
  ): Promise<ImportAnswer> {
    const importId = deriveEventId(caller.context.commandId, 'analytics-import', 0);
    const key = `analytics-imports/${importId}.csv`;
    let fileName: string;
    try {
      const received = await receiveFileUpload(request, this.storage, key, {
        maxBytes: MAX_IMPORT_BYTES,
        classify: csvOrNot,
        messages: importMessages,
        contentType: 'text/csv',
      }).catch((error: unknown) => {
        if (error instanceof RefusedUpload) throw refuseFile(error.reason);
        throw error;
      });
      fileName = readableFileName(received.clientFileName, 'export.csv');
      const rows = await this.read(key, reader);
      const command = record(importId, fileName);
      const outcome = await runCommand(this.store, stream, importsDecider, command, caller.context);
      return { importId, rowCount: rows, position: outcome.position };
    } finally {
      await this.storage.delete(key).catch(() => undefined);
    }
  }

  /** Feeds the stored file to the reader; answers the number of data rows. */
  private async read(key: string, reader: RowReader): Promise<number> {
    const parser = pipeline(
      this.storage.open(key),
      new CsvRecordLimit(MAX_IMPORT_ROW_BYTES, (line) => refuseFile(importMessages.rowTooLong(line))),
      parse({ ignoreEmpty: true }),
      () => undefined, // a failure reaches the rows' loop below
    );
    let rowNumber = 0;
    try {
      for await (const values of parser) {
        rowNumber += 1;
        if (rowNumber === 1) reader.header(values as string[]);
        else reader.row(values as string[], rowNumber);
      }
    } catch (error) {
      if (error instanceof DomainError) throw error;
      throw refuseFile(importMessages.badCsv(rowNumber + 1));
    } finally {
      parser.destroy();
    }
    if (rowNumber === 0) throw refuseFile(importMessages.empty);
    return rowNumber - 1;
  }
}

@CommandHandler(ImportAzureCostCommand)
export class ImportAzureCostHandler extends ImportHandler<ImportAzureCostCommand> {
  protected handle(command: ImportAzureCostCommand): Promise<ImportAnswer> {
    const reader = new AzureCostReader();
    return this.importFile(command, AZURE_COST_STREAM, reader, (importId, fileName) => ({
      type: 'RecordAzureCost',
      importId,
      fileName,
      summary: reader.result(),
    }));
  }
}

@CommandHandler(ImportOffice365Command)
export class ImportOffice365Handler extends ImportHandler<ImportOffice365Command> {
  protected async handle(command: ImportOffice365Command): Promise<ImportAnswer> {
    const reader = new Office365Reader();
    const uploadDay = await this.calendar.dateFor(command.caller.context.now, command.caller.principal);
    return this.importFile(command, OFFICE365_STREAM, reader, (importId, fileName) => ({
      type: 'RecordOffice365',
      importId,
      fileName,
      summary: reader.result(uploadDay),
    }));
  }
}

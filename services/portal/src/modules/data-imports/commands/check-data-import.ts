import type { IncomingMessage } from 'node:http';
import { CommandHandler } from '@nestjs/cqrs';
import {
  dataImportMessages,
  MAX_DATA_IMPORT_BYTES,
  MAX_DATA_IMPORT_UNPACK_RATIO,
  MAX_DATA_IMPORT_UNPACKED_BYTES,
  type DataImportChecked,
  type DataImportRefusal,
  type DataImportReport,
  type DataImportUploadQuery,
} from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';
import type { PortalConfig } from '../../../platform/config/config';
import { InjectConfig } from '../../../platform/config/config.provider';
import { PortalCommand, PortalCommandHandler, Requires, type Caller } from '../../../platform/cqrs';
import { deriveEventId } from '../../../platform/event-store/command-context';
import { runCommand } from '../../../platform/event-store/decider';
import { EventStore } from '../../../platform/event-store/event-store.port';
import { FileStorage } from '../../../platform/files/file-storage.port';
import { readableFileName, receiveFileUpload, RefusedUpload } from '../../../platform/files/file-upload';
import { spreadsheetKind, type SheetFormat } from '../../../platform/files/sheet-rows';
import { checkStoredZip } from '../../../platform/files/zip-check';
import { ProjectionProgress } from '../../../platform/projection/projection';
import { dataImportDecider, dataImportStreamId } from '../domain/data-import';
import { DataImportRunner } from './import-runner';

/** The parts an xlsx has (anything else that is a zip is not a workbook). */
const WORKBOOK_PART = 'xl/workbook.xml';
/** An xlsx has a few dozen parts; a zip of thousands is no workbook a person saved. */
const MAX_WORKBOOK_PARTS = 1000;

const refuseFile = (message: string) => DomainError.validation([{ path: 'file', message }]);

/**
 * POST /api/admin/imports: an admin uploads a file of one kind; it is received through the
 * portal's one upload path (size and content checked as it arrives), an xlsx checked as a zip
 * (parts, unpacked size: no zip bomb), then read row by row and every row checked by the commands a
 * form sends, sent as a dry run (nothing appended). A file with any problem is a 400 whose
 * `details` list them by sheet, row and column (nothing recorded, the file deleted); a clean one's
 * report is answered, recorded (DataImportChecked) and its file kept for the apply.
 */
@Requires('admin')
export class CheckDataImportCommand extends PortalCommand<DataImportReport> {
  constructor(
    caller: Caller,
    readonly query: DataImportUploadQuery,
    readonly request: IncomingMessage,
  ) {
    super(caller);
  }
}

@CommandHandler(CheckDataImportCommand)
export class CheckDataImportHandler extends PortalCommandHandler<CheckDataImportCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly storage: FileStorage,
    private readonly runner: DataImportRunner,
    private readonly progress: ProjectionProgress,
    @InjectConfig() private readonly config: PortalConfig,
  ) {
    super();
  }

  protected async handle({ caller, query, request }: CheckDataImportCommand): Promise<DataImportReport> {
    const importId = deriveEventId(caller.context.commandId, 'data-import', 0);
    const storageKey = `data-imports/${importId}`;
    let keep = false;
    try {
      const received = await receiveFileUpload<SheetFormat>(request, this.storage, storageKey, {
        maxBytes: MAX_DATA_IMPORT_BYTES,
        classify: spreadsheetKind,
        messages: dataImportMessages,
      }).catch((error: unknown) => {
        if (error instanceof RefusedUpload) throw refuseFile(error.reason);
        throw error;
      });
      const format = received.kind;
      if (format === 'xlsx') await this.checkWorkbook(storageKey, received.stored.size);
      const sha256 = received.stored.sha256;
      // Names and ids are found in the read models: let them show every change made before.
      const head = await this.store.headPosition();
      if (head) await this.progress.waitFor(head, this.config.projectionWaitMs);
      const { kind, projectId } = query;
      const source = { importId, kind, storageKey, format, projectId, principal: caller.principal };
      const result = await this.runner.dryRun(source, caller.context.now);
      const fileName = readableFileName(received.clientFileName, `${kind}.${format}`);
      // A file with problems is refused whole (decision 0288): nothing recorded, nothing kept.
      if (result.problemCount > 0) {
        const refusal: DataImportRefusal = { kind, fileName, ...result };
        throw DomainError.refusedWith('file', dataImportMessages.refused(result.problemCount), refusal);
      }
      const checked: DataImportChecked = {
        importId,
        kind,
        fileName,
        storageKey,
        format,
        sha256,
        projectId: kind === 'planned-hours' ? projectId : null,
        ...result,
      };
      await runCommand(
        this.store,
        dataImportStreamId(importId),
        dataImportDecider,
        { type: 'RecordCheck', data: checked },
        caller.context,
      );
      keep = true;
      const { storageKey: _key, format: _format, sha256: _sha, ...report } = checked;
      return { ...report, canApply: keep };
    } finally {
      if (!keep) await this.storage.delete(storageKey).catch(() => undefined);
    }
  }

  private async checkWorkbook(key: string, size: number): Promise<void> {
    const zip = await checkStoredZip(this.storage, key, size, {
      maxUnpackedBytes: MAX_DATA_IMPORT_UNPACKED_BYTES,
      maxRatio: MAX_DATA_IMPORT_UNPACK_RATIO,
      maxEntries: MAX_WORKBOOK_PARTS,
    });
    if (zip.verdict === 'too-large') throw refuseFile(dataImportMessages.zipBomb);
    if (zip.verdict !== 'ok' || !zip.names.includes(WORKBOOK_PART))
      throw refuseFile(dataImportMessages.notAWorkbook);
  }
}

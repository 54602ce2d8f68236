import { inParameterSafeChunks } from '../../../platform/database/chunked-insert';
import type { tablesOf } from '../../../platform/database/typed-view';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port';
import type { AuditTables } from './audit-tables';

/** The reason the audit shows on an event a data import caused. */
export const importedFrom = (fileName: string): string => `Imported from file ${fileName}`;

/**
 * The files of data imports (DataImportChecked), by import id, loaded once per batch for the
 * correlations its events carry: an event whose correlation is an import's was caused by applying
 * that file (its actor is the admin who applied it).
 */
export class ImportFiles {
  private readonly files = new Map<string, string>();
  private readonly added = new Map<string, string>();

  constructor(private readonly rm: ReturnType<typeof tablesOf<AuditTables>>) {}

  async load(events: readonly RecordedEvent[]): Promise<void> {
    const ids = [...new Set(events.map((e) => e.metadata.correlationId).filter(Boolean))];
    if (ids.length === 0) return;
    // A batch's events carry a few correlations (one per command): one query.
    const found = await this.rm.selectFrom('imports').selectAll().where('import_id', 'in', ids).execute();
    for (const f of found) this.files.set(f.import_id, f.file_name);
  }

  learn(event: RecordedEvent): void {
    const d = (event.data ?? {}) as Record<string, unknown>;
    if (event.type !== 'DataImportChecked' || typeof d.importId !== 'string') return;
    const fileName = String(d.fileName ?? '');
    this.files.set(d.importId, fileName);
    this.added.set(d.importId, fileName);
  }

  /** "Imported from file X" for an event an import caused (not the import's own events); else null. */
  reasonOf(event: RecordedEvent): string | null {
    if (event.type.startsWith('DataImport')) return null;
    const fileName = this.files.get(event.metadata.correlationId);
    return fileName === undefined ? null : importedFrom(fileName);
  }

  async save(): Promise<void> {
    const rows = [...this.added].map(([import_id, file_name]) => ({ import_id, file_name }));
    await inParameterSafeChunks(rows, (chunk) =>
      this.rm
        .insertInto('imports')
        .values(chunk)
        .onConflict((oc) => oc.column('import_id').doNothing())
        .execute(),
    );
  }
}

import { QueryHandler } from '@nestjs/cqrs';
import type { RosterMatrixQuery } from '@portal/contracts';
import type { Readable } from 'node:stream';
import type { Principal } from '../../../platform/auth/principal';
import { PortalQuery, PortalQueryHandler } from '../../../platform/cqrs';
import { assertMayReadRoster, RosterMatrixReader } from '../queries/roster-matrix-reader';
import { streamedDownload } from '../../../platform/files/streamed-download';
import { ROSTER_FILE_NAME, rosterSheetLines, writeRosterWorkbook } from './roster-workbook';

export interface RosterFile {
  readonly fileName: string;
  readonly content: Readable;
}

/** GET /api/roster/export: the matrix the filter shows, as employee-roster.xlsx (same readers as GET). */
export class ExportRosterQuery extends PortalQuery<RosterFile> {
  constructor(
    principal: Principal,
    readonly filter: RosterMatrixQuery,
  ) {
    super(principal);
  }
}

@QueryHandler(ExportRosterQuery)
export class ExportRosterHandler extends PortalQueryHandler<ExportRosterQuery> {
  constructor(private readonly reader: RosterMatrixReader) {
    super();
  }

  protected async handle({ principal, filter }: ExportRosterQuery): Promise<RosterFile> {
    // Refusals and reads happen before the file starts streaming.
    const matrix = await this.reader.matrix(assertMayReadRoster(principal), filter);
    const content = streamedDownload('RosterExport', 'Roster export', (out) =>
      writeRosterWorkbook(rosterSheetLines(matrix), out),
    );
    return { fileName: ROSTER_FILE_NAME, content };
  }
}

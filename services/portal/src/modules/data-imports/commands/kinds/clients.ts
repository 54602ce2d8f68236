import { Injectable } from '@nestjs/common';
import { CLIENT_IMPORT_COLUMNS, clientRequestSchema, type DataImportProblem } from '@portal/contracts';
import { ownerScopeOf } from '../../../../kernel/owner-scope';
import type { Principal } from '../../../../platform/auth/principal';
import { CatalogReferences, ChangeClientCommand, RegisterClientCommand } from '../../../catalog';
import { contactsOf } from '../../domain/row-fields';
import { cellText, type ImportRow } from '../../domain/sheet';
import type { ImportKind, ImportReading } from '../import-steps';
import { keyedRowSteps } from '../keyed-rows';

const C = CLIENT_IMPORT_COLUMNS;

/**
 * Clients, one a row, keyed by Client ID: a new id is registered under that id (RegisterClient,
 * in the importing admin's owner scope), a known one changed as the Change Client form changes it
 * (only what differs is recorded). Contacts in one cell: "Name <e-mail>; …".
 */
@Injectable()
export class ClientsImport implements ImportKind {
  constructor(private readonly catalog: CatalogReferences) {}

  prepare(principal: Principal): Promise<ImportReading> {
    const scope = ownerScopeOf(principal);
    const catalog = this.catalog;
    return Promise.resolve({
      steps: (rows: AsyncIterable<ImportRow>, problem: (p: DataImportProblem) => void) =>
        keyedRowSteps(rows, problem, {
          columns: C,
          keyField: 'clientId',
          schema: clientRequestSchema,
          input: (cell) => ({
            name: cellText(cell('name')),
            addressLine1: cellText(cell('addressLine1')),
            addressLine2: cellText(cell('addressLine2')),
            city: cellText(cell('city')),
            stateProvince: cellText(cell('stateProvince')),
            countryRegion: cellText(cell('countryRegion')),
            zipPostalCode: cellText(cell('zipPostalCode')),
            phone: cellText(cell('phone')),
            contacts: contactsOf(cellText(cell('contacts'))),
          }),
          fallbackColumn: C.name.heading,
          prefix: 'client',
          command: async (id, request) =>
            (await catalog.clientExists(id))
              ? (caller) => new ChangeClientCommand(caller, id, request)
              : (caller) =>
                  new RegisterClientCommand(caller, { ...request, clientId: id, scopeOwnerId: scope }),
        }),
    });
  }
}

import { describe, expect, it } from '@jest/globals';
import { dataImportMessages } from '@portal/contracts';
import { ApiError, errorFromBody } from '../../lib/api';
import { refusalOf } from './refusal';

describe('a refused import file', () => {
  const details = {
    kind: 'clients',
    fileName: 'clients.csv',
    rows: 2,
    counts: { created: 0, changed: 0, unchanged: 0 },
    problems: [{ sheet: 'CSV', row: 3, column: 'Client ID', message: 'Client ID 41 is also on row 2.' }],
    problemCount: 1,
  };

  it('shows the problems the 400 lists by row and column', () => {
    const body = { statusCode: 400, message: dataImportMessages.refused(1), problems: [], details };
    expect(refusalOf(errorFromBody(400, JSON.stringify(body)))).toEqual(details);
  });

  it('is none for a refusal of the file as a whole, or any other failure', () => {
    expect(refusalOf(new ApiError(400, dataImportMessages.wrongType))).toBeNull();
    expect(refusalOf(new ApiError(500, 'boom', [], true, undefined, details))).toBeNull();
    expect(refusalOf(new Error('offline'))).toBeNull();
  });
});

import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { admin, json, rosterReader, signedIn, workbookFile } from './api-routes';
import { asOfQuerySchema } from './as-of';
import {
  collectionRoutes,
  ledgerEntryRoutes,
  readWithWorkbook,
  resourceRoutes,
  settingRoutes,
} from './route-shapes';

describe('resourceRoutes', () => {
  const params = z.object({ id: z.string() });
  const body = z.object({ name: z.string() });
  const things = resourceRoutes(admin, '/admin/things', params, body);
  const thing = json<{ id: string }>('Thing');

  it('declares each route of a resource as it would be written out', () => {
    const query = z.object({ q: z.string() });
    expect(things.list(json('Thing[]'), { summary: 'List', query })).toEqual(
      admin('GET /admin/things', json('Thing[]'), { summary: 'List', query }),
    );
    expect(things.one(thing, 'One')).toEqual(
      admin('GET /admin/things/{id}', thing, { summary: 'One', params }),
    );
    expect(things.add(thing, 'Add')).toEqual(admin('POST /admin/things', thing, { summary: 'Add', body }));
    expect(things.change(thing, 'Change')).toEqual(
      admin('PUT /admin/things/{id}', thing, { summary: 'Change', params, body }),
    );
    expect(things.remove(thing, 'Remove')).toEqual(
      admin('DELETE /admin/things/{id}', thing, { summary: 'Remove', params }),
    );
  });

  it('declares an action on one as a POST under its id that answers 200, with its own body if any', () => {
    const reason = z.object({ reason: z.string() });
    expect(things.action('erase', thing, { summary: 'Erase', body: reason })).toEqual(
      admin('POST /admin/things/{id}/erase', thing, { summary: 'Erase', body: reason, params, status: 200 }),
    );
  });
});

describe('collectionRoutes', () => {
  const body = z.object({ name: z.string() });
  const things = collectionRoutes(signedIn, '/things', body);
  const thing = json<{ id: string }>('Thing');

  it('declares a list, an add and the reads beside the list as written out', () => {
    const query = z.object({ q: z.string() });
    expect(things.list(json('Thing[]'), { summary: 'List', query })).toEqual(
      signedIn('GET /things', json('Thing[]'), { summary: 'List', query }),
    );
    expect(things.add(thing, 'Add')).toEqual(signedIn('POST /things', thing, { summary: 'Add', body }));
    expect(things.read('options', json('Options'), 'Choices')).toEqual(
      signedIn('GET /things/options', json('Options'), { summary: 'Choices' }),
    );
  });
});

describe('settingRoutes', () => {
  const setting = settingRoutes(signedIn, '/me/setting');
  const body = z.object({ on: z.boolean() });

  it('declares the read and the set of one path as written out', () => {
    expect(setting.read(json('Setting'), 'Read')).toEqual(
      signedIn('GET /me/setting', json('Setting'), { summary: 'Read' }),
    );
    expect(setting.set(json('Saved'), 'Set', body)).toEqual(
      signedIn('PUT /me/setting', json('Saved'), { summary: 'Set', body }),
    );
  });
});

describe('readWithWorkbook', () => {
  const query = z.object({ month: z.string() });

  it('declares a read and its workbook, both reading its query', () => {
    expect(
      readWithWorkbook(admin, '/admin/grid', json('Grid'), { summary: 'Grid', query }, 'As a workbook'),
    ).toEqual([
      admin('GET /admin/grid', json('Grid'), { summary: 'Grid', query }),
      admin('GET /admin/grid/export', workbookFile, { summary: 'As a workbook', query }),
    ]);
  });

  it('leaves `asOf` to the read: a workbook is of now', () => {
    const [read, workbook] = readWithWorkbook(
      rosterReader,
      '/grid',
      json('Grid'),
      { summary: 'Grid', query: [query, asOfQuerySchema] },
      'As a workbook',
    );
    expect(read.query).toEqual([query, asOfQuerySchema]);
    expect(workbook).toEqual(
      rosterReader('GET /grid/export', workbookFile, { summary: 'As a workbook', query }),
    );
  });
});

describe('ledgerEntryRoutes', () => {
  const entries = ledgerEntryRoutes('/things', json('ThingCommandResponse'));
  const body = z.object({ hours: z.string() });
  const query = z.object({ version: z.string() });

  it('declares the reads of ledger entries as written out, each with its own query', () => {
    const filter = z.object({ month: z.string() });
    expect(entries.list(json('ThingList'), 'List', filter)).toEqual(
      signedIn('GET /things', json('ThingList'), { summary: 'List', query: filter }),
    );
    expect(entries.workbook('As a workbook', filter)).toEqual(
      signedIn('GET /things/export', workbookFile, { summary: 'As a workbook', query: filter }),
    );
  });

  it('declares the commands on ledger entries as written out, each answering 423 on a locked period', () => {
    expect(entries.enter('/batch', json('Entered'), 'Enter', body)).toEqual(
      signedIn('POST /things/batch', json('Entered'), { summary: 'Enter', body, errors: [423] }),
    );
    expect(entries.change('Change', body)).toEqual(
      signedIn('PUT /things/{id}', json('ThingCommandResponse'), { summary: 'Change', body, errors: [423] }),
    );
    expect(entries.withdraw('Withdraw', query)).toEqual(
      signedIn('DELETE /things/{id}', json('ThingCommandResponse'), {
        summary: 'Withdraw',
        query,
        errors: [423],
      }),
    );
    expect(entries.correct('Correct', body)).toEqual(
      admin('PUT /admin/things/{id}', json('ThingCommandResponse'), {
        summary: 'Correct',
        body,
        errors: [423],
      }),
    );
  });
});

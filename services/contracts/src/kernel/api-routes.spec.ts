import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { admin, anyone, errorsOf, json, route, routesFor, signedIn, workbookFile, XLSX } from './api-routes';

describe('routesFor', () => {
  const params = z.object({ id: z.string() });
  const body = z.object({ name: z.string() });

  it('declares the route `route` declares: its method, path, access, answer and every detail given', () => {
    const declared = admin('PUT /admin/things/{id}', json<{ id: string }>('Thing'), {
      summary: 'Change a thing',
      params,
      body,
      status: 200,
    });
    expect(declared).toEqual(
      route({
        method: 'put',
        path: '/admin/things/{id}',
        summary: 'Change a thing',
        access: 'admin',
        params,
        body,
        status: 200,
        response: json<{ id: string }>('Thing'),
      }),
    );
    expect(errorsOf(declared)).toEqual([400, 401, 403, 404, 409, 413]);
  });

  it('gives each kind of caller its access, and takes the method and path as callers name them', () => {
    expect(anyone('GET /a', workbookFile, { summary: 'A' })).toMatchObject({
      method: 'get',
      path: '/a',
      access: 'public',
    });
    expect(signedIn('DELETE /b/{id}', json('B'), { summary: 'B' })).toMatchObject({
      method: 'delete',
      path: '/b/{id}',
      access: 'signed-in',
    });
    expect(routesFor('roster-editor')('PATCH /c', json('C'), { summary: 'C' })).toMatchObject({
      method: 'patch',
      access: 'roster-editor',
    });
  });

  it('answers a workbook as an Excel attachment', () => {
    expect(workbookFile).toEqual({
      kind: 'file',
      contentType: XLSX,
      description: 'The workbook (.xlsx), as an attachment.',
    });
  });
});

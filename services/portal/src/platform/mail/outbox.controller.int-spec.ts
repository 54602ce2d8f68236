import { startTestApp, type TestApp } from '../../../test/app-harness';
import { InMemoryStaffDirectory, testPerson } from '../../../test/in-memory-staff-directory';
import { Mailer } from './mailer.port';

describe('GET /api/admin/outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      staffDirectory: new InMemoryStaffDirectory([
        testPerson(1, 'Ada Admin', { isAdmin: true }),
        testPerson(2, 'Carl Contractor'),
      ]),
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists what the portal mailed, newest first, to admins only', async () => {
    const mailer = t.app.get(Mailer);
    await mailer.send({ to: ['ada@smartwork.example'], subject: 'Older', text: 'first', ownerId: 1 });
    await mailer.send({
      to: ['ada@smartwork.example'],
      subject: 'Newer',
      text: 'second',
      html: '<p>second</p>',
      ownerId: 1,
    });

    const admin = await t.http('GET', '/api/admin/outbox', { token: await t.signIn(1) });
    expect(admin.status).toBe(200);
    expect(admin.body).toEqual([
      {
        id: expect.any(String),
        to: ['ada@smartwork.example'],
        subject: 'Newer',
        text: 'second',
        createdAt: expect.any(String),
      },
      {
        id: expect.any(String),
        to: ['ada@smartwork.example'],
        subject: 'Older',
        text: 'first',
        createdAt: expect.any(String),
      },
    ]);

    const contractor = await t.http('GET', '/api/admin/outbox', { token: await t.signIn(2) });
    expect(contractor.status).toBe(403);
    expect((await t.http('GET', '/api/admin/outbox')).status).toBe(401);
  });
});

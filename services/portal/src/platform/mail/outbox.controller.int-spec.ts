// Fixed dates: dates in the text of mails; the app runs at the file's own instant (NOW).
import { startTestApp, type TestApp } from '../../../test/app-harness';
import { InMemoryStaffDirectory, testPerson } from '../../../test/in-memory-staff-directory';
import { Mailer } from './mailer.port';

/** The app's clock: nothing here depends on the day. */
const NOW = '2026-11-18T15:00:00.000Z';

describe('GET /api/admin/outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      now: NOW,
      staffDirectory: new InMemoryStaffDirectory([
        testPerson(1, 'Ada Admin', { isAdmin: true }),
        testPerson(2, 'Carl Contractor'),
        testPerson(3, 'Sam Sightstream', { isAdmin: true, userType: 'sightstream' }),
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
      replyTo: 'carlos.contractor@smartwork.example',
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
        replyTo: 'carlos.contractor@smartwork.example',
        createdAt: expect.any(String),
      },
      {
        id: expect.any(String),
        to: ['ada@smartwork.example'],
        subject: 'Older',
        text: 'first',
        replyTo: null,
        createdAt: expect.any(String),
      },
    ]);

    const contractor = await t.http('GET', '/api/admin/outbox', { token: await t.signIn(2) });
    expect(contractor.status).toBe(403);
    expect((await t.http('GET', '/api/admin/outbox')).status).toBe(401);
  });

  it("shows a sightstream admin only mail about owner-2 people; the firm's admin sees every mail", async () => {
    const mailer = t.app.get(Mailer);
    await mailer.send({
      to: ['ada@smartwork.example'],
      subject: 'Late timesheet entry: Olga Owner-One',
      text: 'Olga Owner-One entered 8 hours on Acme Rebrand for 2026-11-02.',
      ownerId: 1,
    });
    await mailer.send({
      to: ['sam@smartwork.example'],
      subject: 'Late timesheet entry: Tess Two',
      text: 'Tess Two entered 4 hours on Sightstream Pilot for 2026-11-03.',
      ownerId: 2,
    });
    await mailer.send({ to: ['ada@smartwork.example'], subject: 'About nobody', text: 'n/a', ownerId: null });

    const sightstream = await t.http('GET', '/api/admin/outbox', { token: await t.signIn(3) });
    expect(sightstream.status).toBe(200);
    expect(sightstream.body.map((m: { subject: string }) => m.subject)).toEqual([
      'Late timesheet entry: Tess Two',
    ]);
    expect(JSON.stringify(sightstream.body)).not.toContain('Olga');

    const firm = await t.http('GET', '/api/admin/outbox', { token: await t.signIn(1) });
    expect(firm.body.map((m: { subject: string }) => m.subject)).toEqual([
      'About nobody',
      'Late timesheet entry: Tess Two',
      'Late timesheet entry: Olga Owner-One',
      'Newer',
      'Older',
    ]);
  });
});

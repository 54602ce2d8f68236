import { createTestDatabase, type TestDatabase } from '../../../test/services';
import { createMailer } from './create-mailer';
import { listOutbox, OutboxMailer } from './outbox-mailer';
import { SmtpMailer } from './smtp-mailer';

describe('OutboxMailer', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('keeps sent mails in the outbox, listed newest first', async () => {
    const mailer = createMailer(
      { smtpUrl: undefined, mailFrom: 'Portal <portal@smartwork.example>' },
      database.db,
    );
    expect(mailer).toBeInstanceOf(OutboxMailer);
    await mailer.send({ to: ['admin@smartwork.example'], subject: 'First', text: 'one', ownerId: 1 });
    await mailer.send({
      to: ['admin@smartwork.example', 'lead@smartwork.example'],
      subject: 'Second',
      text: 'two',
      html: '<p>two</p>',
      ownerId: 1,
    });

    const outbox = await listOutbox(database.db, { everyOwner: true });
    expect(outbox.map(({ to, subject, text }) => ({ to, subject, text }))).toEqual([
      { to: ['admin@smartwork.example', 'lead@smartwork.example'], subject: 'Second', text: 'two' },
      { to: ['admin@smartwork.example'], subject: 'First', text: 'one' },
    ]);
    for (const mail of outbox) {
      expect(mail.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(mail.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    }
    const stored = await database.db
      .selectFrom('mail_outbox')
      .select(['subject', 'html', 'owner_id'])
      .orderBy('seq')
      .execute();
    expect(stored).toEqual([
      { subject: 'First', html: null, owner_id: 1 },
      { subject: 'Second', html: '<p>two</p>', owner_id: 1 },
    ]);
  });

  it("keeps each mail's owner and lists one owner's mail on its own", async () => {
    const mailer = new OutboxMailer(database.db);
    await mailer.send({ to: ['sam@sightstream.example'], subject: 'About owner 2', text: 'x', ownerId: 2 });
    await mailer.send({
      to: ['someone@smartwork.example'],
      subject: 'About nobody',
      text: 'y',
      ownerId: null,
    });
    expect((await listOutbox(database.db, { ownerId: 2 })).map((m) => m.subject)).toEqual(['About owner 2']);
    expect((await listOutbox(database.db, { everyOwner: true })).map((m) => m.subject)).toEqual([
      'About nobody',
      'About owner 2',
      'Second',
      'First',
    ]);
  });

  it('createMailer chooses SMTP when SMTP_URL is set', () => {
    const mailer = createMailer(
      { smtpUrl: 'smtp://127.0.0.1:2525', mailFrom: 'Portal <p@x.example>' },
      database.db,
    );
    expect(mailer).toBeInstanceOf(SmtpMailer);
    (mailer as SmtpMailer).close();
  });
});

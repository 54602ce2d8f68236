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

    const outbox = await listOutbox(database.db);
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
      .select(['subject', 'html'])
      .orderBy('seq')
      .execute();
    expect(stored).toEqual([
      { subject: 'First', html: null },
      { subject: 'Second', html: '<p>two</p>' },
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

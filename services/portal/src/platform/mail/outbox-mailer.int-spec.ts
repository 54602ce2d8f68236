import { createTestDatabase, type TestDatabase } from '../../../test/services';
import { startSmtpReceiver } from '../../../test/smtp-receiver';
import { createMailer, DeliveringMailer } from './create-mailer';
import { listOutbox, OutboxMailer } from './outbox-mailer';

describe('OutboxMailer', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('keeps sent mails in the outbox, listed newest first', async () => {
    const mailer = await createMailer(
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

  it('keeps a mail with outboxText with that text in place of its own words and html', async () => {
    const mailer = new OutboxMailer(database.db);
    await mailer.send({
      to: ['support@smartwork.example'],
      subject: 'Sealed words',
      text: 'My secret question',
      html: '<p>My secret question</p>',
      outboxText: '(kept elsewhere)',
      ownerId: 1,
    });
    const [kept] = await listOutbox(database.db, { everyOwner: true });
    expect(kept).toMatchObject({ subject: 'Sealed words', text: '(kept elsewhere)' });
    const row = await database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('subject', '=', 'Sealed words')
      .executeTakeFirstOrThrow();
    expect(row.html).toBeNull();
    expect(JSON.stringify(row)).not.toContain('secret');
  });

  it('with SMTP_URL set, delivers over SMTP and keeps the mail in the outbox too', async () => {
    const smtp = await startSmtpReceiver();
    const mailer = await createMailer({ smtpUrl: smtp.url, mailFrom: 'Portal <p@x.example>' }, database.db);
    expect(mailer).toBeInstanceOf(DeliveringMailer);
    try {
      await mailer.send({
        to: ['lead@smartwork.example'],
        subject: 'Delivered and kept',
        text: 'Both ways',
        replyTo: 'jane.doe@smartwork.example',
        ownerId: 2,
      });
      await mailer.send({
        to: ['support@smartwork.example'],
        subject: 'Delivered, words not kept',
        text: 'Only the support address reads this',
        outboxText: '(support message)',
        ownerId: 1,
      });
      expect(smtp.mails.map(({ to, subject, replyTo }) => ({ to, subject, replyTo }))).toEqual([
        {
          to: ['lead@smartwork.example'],
          subject: 'Delivered and kept',
          replyTo: 'jane.doe@smartwork.example',
        },
        { to: ['support@smartwork.example'], subject: 'Delivered, words not kept', replyTo: null },
      ]);
      expect(smtp.mails[1].text).toContain('Only the support address reads this');
      const kept = await listOutbox(database.db, { everyOwner: true });
      expect(kept.slice(0, 2).map(({ subject, text, replyTo }) => ({ subject, text, replyTo }))).toEqual([
        { subject: 'Delivered, words not kept', text: '(support message)', replyTo: null },
        { subject: 'Delivered and kept', text: 'Both ways', replyTo: 'jane.doe@smartwork.example' },
      ]);
    } finally {
      (mailer as DeliveringMailer).smtp.close();
      await smtp.close();
    }
  });

  it('with SMTP_URL set, sends a delivery once when two runs of its job overlap', async () => {
    const smtp = await startSmtpReceiver();
    const mailer = await createMailer({ smtpUrl: smtp.url, mailFrom: 'Portal <p@x.example>' }, database.db);
    const mail = {
      to: ['twice@smartwork.example'],
      subject: 'Overlapping runs',
      text: 'Once only',
      ownerId: 1,
      deliveryId: 'job-overlap-1',
    };
    try {
      // Four runs at once (a job started again while it still ran), then one after (a retry).
      await Promise.all([1, 2, 3, 4].map(() => mailer.send(mail)));
      await mailer.send(mail);
      expect(smtp.mails.filter((m) => m.subject === 'Overlapping runs')).toHaveLength(1);
      const kept = await listOutbox(database.db, { everyOwner: true });
      expect(kept.filter((m) => m.subject === 'Overlapping runs')).toHaveLength(1);
    } finally {
      (mailer as DeliveringMailer).smtp.close();
      await smtp.close();
    }
  });

  it('with SMTP_URL set, keeps nothing when the SMTP server refuses (the job then retries)', async () => {
    const smtp = await startSmtpReceiver();
    await smtp.close();
    const mailer = await createMailer({ smtpUrl: smtp.url, mailFrom: 'Portal <p@x.example>' }, database.db);
    try {
      await expect(
        mailer.send({ to: ['x@smartwork.example'], subject: 'Never went', text: 'x', ownerId: 1 }),
      ).rejects.toThrow();
      const kept = await listOutbox(database.db, { everyOwner: true });
      expect(kept.map((mail) => mail.subject)).not.toContain('Never went');
    } finally {
      (mailer as DeliveringMailer).smtp.close();
    }
  });
});

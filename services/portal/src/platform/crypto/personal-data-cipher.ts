import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { PortalConfig } from '../config/config';
import { InjectConfig } from '../config/config.provider';
import type { Database } from '../database/database';
import { InjectDatabase } from '../database/database.provider';

/** The prefix of a sealed value: format version 1 (AES-256-GCM, the subject as associated data). */
const SEALED = 'pd1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** True for a value this cipher sealed (anything else is plain text of an older event). */
export function isSealed(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.startsWith(SEALED);
}

function encrypt(key: Buffer, plain: Buffer, subject: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(subject, 'utf8'));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return [iv, body, cipher.getAuthTag()].map((part) => part.toString('base64url')).join('.');
}

function decrypt(key: Buffer, sealed: string, subject: string): Buffer {
  const parts = sealed.split('.');
  if (parts.length !== 3 || !parts.every((part) => /^[A-Za-z0-9_-]*$/.test(part))) {
    throw new Error('Not a sealed value');
  }
  const [iv, body, tag] = parts.map((part) => Buffer.from(part, 'base64url'));
  // A shortened tag would make forgery far easier: only the full 16 bytes are accepted.
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new Error('Not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(subject, 'utf8'));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]);
}

/** The master key of the configuration: 32 bytes of base64 (PERSONAL_DATA_KEY). */
export function masterKeyOf(config: Pick<PortalConfig, 'personalDataKey'>): Buffer {
  const key = Buffer.from(config.personalDataKey, 'base64');
  if (key.length !== 32) throw new Error('PERSONAL_DATA_KEY must be 32 bytes of base64');
  return key;
}

/** One person's values, opened or sealed with their key (loaded once per use). */
export interface PersonalDataSession {
  seal(plain: string): string;
  /** Plain text of a sealed value; a plain value of an older event as it is; null when erased. */
  open(value: string | null): string | null;
}

/**
 * Personal data encrypted with a key per person (the "subject", e.g. `staff-7`): AES-256-GCM with
 * a random 96-bit IV, the subject as associated data (a ciphertext moved to another person does
 * not open). The data keys live in `personal_data_keys`, apart from the event log, wrapped by the
 * configured master key; deleting a subject's row erases every value sealed for them.
 */
@Injectable()
export class PersonalDataCipher {
  private readonly master: Buffer;

  constructor(
    @InjectConfig() config: PortalConfig,
    @InjectDatabase() private readonly db: Database,
  ) {
    this.master = masterKeyOf(config);
  }

  /** The subject's key, created on first use (null: `create` false and none exists: erased or never made). */
  private async keyOf(subject: string, create: boolean): Promise<Buffer | null> {
    const existing = await this.db
      .selectFrom('personal_data_keys')
      .select('wrapped_key')
      .where('subject', '=', subject)
      .executeTakeFirst();
    if (existing) return decrypt(this.master, existing.wrapped_key, `key:${subject}`);
    if (!create) return null;
    const wrapped = encrypt(this.master, randomBytes(32), `key:${subject}`);
    await this.db
      .insertInto('personal_data_keys')
      .values({ subject, wrapped_key: wrapped })
      .onConflict((oc) => oc.column('subject').doNothing())
      .execute();
    // Another instance may have made it first: whichever row stands is the key.
    return this.keyOf(subject, false);
  }

  /** Works with one subject's values; `forWriting` creates their key when they have none. */
  async session(subject: string, forWriting: boolean): Promise<PersonalDataSession> {
    return sessionWith(subject, await this.keyOf(subject, forWriting));
  }

  /** Reads many subjects' values with one query for their keys (a table of rows); none is created. */
  async sessions(subjects: readonly string[]): Promise<ReadonlyMap<string, PersonalDataSession>> {
    const unique = [...new Set(subjects)];
    if (unique.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('personal_data_keys')
      .select(['subject', 'wrapped_key'])
      .where('subject', 'in', unique)
      .execute();
    const keys = new Map(
      rows.map((r) => [r.subject, decrypt(this.master, r.wrapped_key, `key:${r.subject}`)]),
    );
    return new Map(unique.map((subject) => [subject, sessionWith(subject, keys.get(subject) ?? null)]));
  }

  /**
   * Erases a subject: deletes their data key, so every value sealed for them in the log and the
   * read models stays unreadable for good. A backup that holds `personal_data_keys` (a whole-
   * database backup: the table lives in the portal's PostgreSQL) still holds the key, so such
   * backups must expire or keep that table apart (docs/decisions/0178-backups-and-erasure.md).
   * Deleting a missing key is no error.
   */
  async forget(subject: string): Promise<void> {
    await this.db.deleteFrom('personal_data_keys').where('subject', '=', subject).execute();
  }

  /** Seals an older event's plain value; a sealed one (or null) stays as it is. */
  async sealIfPlain(subject: string, value: string | null): Promise<string | null> {
    if (value === null || isSealed(value)) return value;
    return (await this.session(subject, true)).seal(value);
  }
}

function sessionWith(subject: string, key: Buffer | null): PersonalDataSession {
  return {
    seal: (plain) => {
      if (!key) throw new Error(`No data key for ${subject}`);
      return SEALED + encrypt(key, Buffer.from(plain, 'utf8'), subject);
    },
    open: (value) => {
      if (value === null) return null;
      if (!isSealed(value)) return value;
      if (!key) return null;
      return decrypt(key, value.slice(SEALED.length), subject).toString('utf8');
    },
  };
}

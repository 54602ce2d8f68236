// Fixed dates: a date of birth to seal and open.
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../../test/services';
import { loadConfig } from '../config/config';
import { isSealed, PersonalDataCipher } from './personal-data-cipher';

describe('personal data sealed with a key per person', () => {
  let database: TestDatabase;
  let cipher: PersonalDataCipher;

  beforeAll(async () => {
    database = await createTestDatabase(2);
    cipher = new PersonalDataCipher(loadConfig({}), database.db);
  });
  afterAll(() => database?.drop());

  it('seals to ciphertext that opens only for the same person, with their key wrapped apart', async () => {
    const carlos = await cipher.session('staff-3', true);
    const sealed = carlos.seal('123-456-789');
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain('123-456-789');
    expect(carlos.seal('123-456-789')).not.toBe(sealed); // a fresh IV each time
    expect((await cipher.session('staff-3', false)).open(sealed)).toBe('123-456-789');

    const dana = await cipher.session('staff-4', true);
    expect(() => dana.open(sealed)).toThrow();

    const keys = await sql<{ subject: string; wrapped_key: string }>`
      select subject, wrapped_key from personal_data_keys order by subject`.execute(database.db);
    expect(keys.rows.map((k) => k.subject)).toEqual(['staff-3', 'staff-4']);
  });

  it('answers an older plain value as it is, and nothing once the person’s key is deleted', async () => {
    const sealed = await cipher.sealIfPlain('staff-5', '1979-12-31');
    expect(isSealed(sealed)).toBe(true);
    expect(await cipher.sealIfPlain('staff-5', sealed)).toBe(sealed);
    const sam = await cipher.session('staff-5', false);
    expect(sam.open('1979-12-31')).toBe('1979-12-31');
    expect(sam.open(sealed)).toBe('1979-12-31');

    await sql`delete from personal_data_keys where subject = 'staff-5'`.execute(database.db);
    expect((await cipher.session('staff-5', false)).open(sealed)).toBeNull();
  });

  it('forgets a subject: only their key goes, their values no longer open, and forgetting twice is no error', async () => {
    const ines = await cipher.session('candidate-a', true);
    const sealed = ines.seal('ines@example.com');
    const other = (await cipher.session('candidate-b', true)).seal('b@example.com');
    await cipher.forget('candidate-a');
    await cipher.forget('candidate-a');
    expect((await cipher.session('candidate-a', false)).open(sealed)).toBeNull();
    expect((await cipher.session('candidate-b', false)).open(other)).toBe('b@example.com');
  });

  it('refuses a sealed value whose tag is shortened, tampered with or missing, or whose parts are malformed', async () => {
    const rita = await cipher.session('staff-6', true);
    const sealed = rita.seal('AB-1234567');
    const [iv, body, tag] = sealed.slice('pd1:'.length).split('.');
    const tagBytes = Buffer.from(tag, 'base64url');
    expect(tagBytes).toHaveLength(16);
    const flipped = Buffer.from(tagBytes);
    flipped[0] ^= 1;
    const forged = [
      `pd1:${iv}.${body}.${tagBytes.subarray(0, 4).toString('base64url')}`,
      `pd1:${iv}.${body}.${tagBytes.subarray(0, 12).toString('base64url')}`,
      `pd1:${iv}.${body}.${flipped.toString('base64url')}`,
      `pd1:${iv}.${body}`,
      `pd1:${iv}.${body}.${tag}.${tag}`,
      `pd1:${iv}.${body}.${tag}!`,
      `pd1:${iv.slice(0, 4)}.${body}.${tag}`,
    ];
    for (const value of forged) expect(() => rita.open(value)).toThrow();
    expect(rita.open(sealed)).toBe('AB-1234567');
  });

  it('cannot open keys wrapped under another master key', async () => {
    const other = new PersonalDataCipher(
      loadConfig({ PERSONAL_DATA_KEY: Buffer.alloc(32, 1).toString('base64') }),
      database.db,
    );
    await expect(other.session('staff-3', false)).rejects.toThrow();
  });
});

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

  it('cannot open keys wrapped under another master key', async () => {
    const other = new PersonalDataCipher(
      loadConfig({ PERSONAL_DATA_KEY: Buffer.alloc(32, 1).toString('base64') }),
      database.db,
    );
    await expect(other.session('staff-3', false)).rejects.toThrow();
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKey, parseKeyring } from '../security/keyring';
import { openTestDatabase, type TestDatabase } from '../test/test-db';
import { sharedSecret } from './open';
import { appSettings } from './schema';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

const k1 = generateKey(1);
const stored = async (key: string) =>
  (await database.db.select().from(appSettings).where(eq(appSettings.key, key)))[0]?.value as string;

describe('the shared auth secret', () => {
  it('is stored sealed with the data key, and every instance with that key reads the same value', async () => {
    const a = await sharedSecret(database.db, 'secret-a', parseKeyring(k1));
    const b = await sharedSecret(database.db, 'secret-a', parseKeyring(k1));
    expect(a).toBe(b);
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await stored('secret-a')).toMatch(/^enc:v1:/);
    expect(await stored('secret-a')).not.toContain(a);
    // A dump without the key cannot open it.
    await expect(sharedSecret(database.db, 'secret-a', parseKeyring(generateKey(1)))).rejects.toThrow(
      /^Invalid configuration: the database's secret-a was sealed with another data key/,
    );
  });

  it('seals a value stored in clear before, keeping it, and moves it to a newer key version', async () => {
    await database.db.insert(appSettings).values({ key: 'secret-b', value: 'legacy-plain-value' as never });
    expect(await sharedSecret(database.db, 'secret-b', parseKeyring(k1))).toBe('legacy-plain-value');
    expect(await stored('secret-b')).toMatch(/^enc:v1:/);
    const rotated = parseKeyring(`${k1},${generateKey(2)}`);
    expect(await sharedSecret(database.db, 'secret-b', rotated)).toBe('legacy-plain-value');
    expect(await stored('secret-b')).toMatch(/^enc:v2:/);
  });
});

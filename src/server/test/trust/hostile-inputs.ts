import fc from 'fast-check';
import { z, type ZodType } from 'zod';

// Values that have broken real servers: wrong types, huge and odd strings, injection payloads,
// numbers outside what any field accepts, and fields a client must never set.
const payloads = [
  "' OR 1=1 --",
  "'; DROP TABLE auth_users; --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../etc/passwd',
  '${jndi:ldap://x}',
  '\u0000',
  '\u202e\u200b\ud83d\ude00',
  '%00%0d%0a',
  '{{7*7}}',
];
const hostileString = fc.oneof(
  fc.constantFrom(...payloads),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.integer({ min: 10_001, max: 200_000 }).map((n) => 'x'.repeat(n)),
);
const hostileNumber = fc.oneof(
  fc.constantFrom(-1, -0, 0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 0.1),
  fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e999'),
  fc.double(),
);
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(hostileString, hostileNumber), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), hostileString, { maxKeys: 3 }),
);
const privilegedFields = {
  role: 'admin',
  user_id: 'someone-else',
  userId: 'someone-else',
  id: 1,
  isAdmin: true,
  emailVerified: true,
};

function keysOf(schema: ZodType): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

/** An input built from the schema's own field names, each present, missing or poisoned. */
export function hostileObject(schema: ZodType): fc.Arbitrary<unknown> {
  const keys = keysOf(schema);
  const fromSchema = fc
    .tuple(
      ...keys.map(() => fc.option(hostileValue, { nil: undefined, freq: 4 })),
      fc.subarray(Object.entries(privilegedFields), { maxLength: 3 }),
    )
    .map((parts) => {
      const extra = parts.pop() as [string, unknown][];
      const obj: Record<string, unknown> = Object.fromEntries(extra);
      keys.forEach((k, i) => {
        if (parts[i] !== undefined) obj[k] = parts[i];
      });
      return obj;
    });
  return fc.oneof({ weight: 4, arbitrary: fromSchema }, { weight: 1, arbitrary: hostileValue });
}

/** The same for a query string: every value is text there. */
export function hostileQuery(schema: ZodType): fc.Arbitrary<Record<string, string>> {
  const keys = [...keysOf(schema), 'role', 'user_id'];
  return fc.dictionary(
    fc.constantFrom(...keys),
    fc.oneof(fc.constantFrom(...payloads, '-1', 'NaN', '1e999', ''), fc.string({ maxLength: 30 })),
    { maxKeys: keys.length },
  );
}

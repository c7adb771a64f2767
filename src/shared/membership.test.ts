import { describe, expect, it } from 'vitest';
import { hasMemberAccess } from './membership';

describe('hasMemberAccess: member or admin', () => {
  it.each([
    [{ role: 'admin', isPaid: false }, true],
    [{ role: 'admin', isPaid: true }, true],
    [{ role: 'admin', isPaid: null }, true],
    [{ role: 'client', isPaid: true }, true],
    [{ role: 'client', isPaid: false }, false],
    [{ role: 'client', isPaid: null }, false],
    [{ role: 'client', isPaid: undefined }, false],
    [{ role: null, isPaid: false }, false],
    [{ role: undefined, isPaid: true }, true],
    [{ role: 'Admin', isPaid: false }, false],
  ] as const)('%o -> %s', (user, expected) => {
    expect(hasMemberAccess(user)).toBe(expected);
  });
});

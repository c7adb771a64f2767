import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generateKey, KeyringError, loadKeyring, parseKeyring } from './keyring';

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-keyring-'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const keyFile = () => path.join(dataDir, 'data-key');

describe('key file (DATA_KEY unset)', () => {
  it('is generated on first load with mode 0600 and reused afterwards', () => {
    const first = loadKeyring({ dataDir, dataKey: undefined });
    expect(first.current).toBe(1);
    expect(fs.statSync(keyFile()).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(keyFile(), 'utf8')).toMatch(/^v1:[A-Za-z0-9+/]{43}=\n$/);
    const second = loadKeyring({ dataDir, dataKey: undefined });
    expect(second.key(1)!.equals(first.key(1)!)).toBe(true);
  });

  it('creates the data directory when missing', () => {
    const nested = path.join(dataDir, 'a', 'b');
    loadKeyring({ dataDir: nested, dataKey: undefined });
    expect(fs.existsSync(path.join(nested, 'data-key'))).toBe(true);
  });

  it('is not created when create is false (rotation CLI)', () => {
    expect(() => loadKeyring({ dataDir, dataKey: undefined }, { create: false })).toThrow(KeyringError);
    expect(fs.existsSync(keyFile())).toBe(false);
  });

  it('is refused when group or others can read it', () => {
    loadKeyring({ dataDir, dataKey: undefined });
    fs.chmodSync(keyFile(), 0o640);
    expect(() => loadKeyring({ dataDir, dataKey: undefined })).toThrow(/chmod 600/);
    fs.chmodSync(keyFile(), 0o604);
    expect(() => loadKeyring({ dataDir, dataKey: undefined })).toThrow(KeyringError);
  });

  it('is refused when malformed', () => {
    fs.writeFileSync(keyFile(), 'not a key\n', { mode: 0o600 });
    expect(() => loadKeyring({ dataDir, dataKey: undefined })).toThrow(/malformed/);
  });

  it('is ignored when DATA_KEY is set', () => {
    const keyring = loadKeyring({ dataDir, dataKey: generateKey(3) });
    expect(keyring.current).toBe(3);
    expect(fs.existsSync(keyFile())).toBe(false);
  });
});

describe('DATA_KEY parsing', () => {
  it('accepts several versions; the highest is current, in any order', () => {
    const [k2, k1] = [generateKey(2), generateKey(1)];
    const keyring = loadKeyring({ dataDir, dataKey: `${k2}, ${k1}` });
    expect(keyring.current).toBe(2);
    expect(keyring.versions).toEqual([1, 2]);
    expect(keyring.key(1)!.toString('base64')).toBe(k1.slice(3));
  });

  it.each([
    ['no version', 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='],
    ['short key', `v1:${Buffer.alloc(16).toString('base64')}`],
    ['long key', `v1:${Buffer.alloc(48).toString('base64')}`],
    ['version 0', `v0:${Buffer.alloc(32).toString('base64')}`],
    ['bad characters', `v1:${'*'.repeat(43)}=`],
    ['a stray entry', `${generateKey(1)},x,${generateKey(2)}`],
    ['nothing', ' , '],
  ])('refuses %s', (_name, value) => {
    expect(() => parseKeyring(value)).toThrow(KeyringError);
  });

  it('refuses a version listed twice', () => {
    expect(() => parseKeyring(`${generateKey(1)},${generateKey(1)}`)).toThrow(/listed twice/);
  });

  it('never puts key material in errors or inspected output', () => {
    const secret = Buffer.alloc(32, 7).toString('base64');
    expect(() => parseKeyring(`v1:${secret},v2:${secret.slice(1)}`)).toThrow(/entry 2 of 2/);
    try {
      parseKeyring(`v1:${secret},v2:${secret.slice(1)}`);
    } catch (e) {
      expect((e as Error).message).not.toContain(secret.slice(1, 20));
    }
    expect(inspect(parseKeyring(`v1:${secret}`), { showHidden: true, depth: 5 })).not.toContain(secret.slice(0, 20));
  });
});

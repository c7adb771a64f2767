import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

// AES-256-GCM keys for field encryption, by version. Every stored value names its key version, so
// several keys can be loaded at once: the highest version encrypts, the others only decrypt until
// `npm run keys:rotate` has moved every value to the current one.
export class KeyringError extends Error {}

export class Keyring {
  readonly current: number;
  // Private so that logging a keyring (or an object holding one) never prints key material.
  readonly #keys: ReadonlyMap<number, Buffer>;

  constructor(keys: ReadonlyMap<number, Buffer>) {
    if (keys.size === 0) throw new KeyringError('A keyring needs at least one key.');
    this.#keys = new Map(keys);
    this.current = Math.max(...keys.keys());
  }

  get versions(): number[] {
    return [...this.#keys.keys()].sort((a, b) => a - b);
  }

  key(version: number): Buffer | undefined {
    return this.#keys.get(version);
  }
}

const KEY_FILE = 'data-key';
const ENTRY = /^v([1-9][0-9]{0,5}):([A-Za-z0-9+/_-]{43}=?)$/;

/** A new key entry, `v<version>:<base64 of 32 random bytes>`, in the format DATA_KEY and the key file use. */
export function generateKey(version = 1): string {
  return `v${version}:${randomBytes(32).toString('base64')}`;
}

/** Parses `v1:<key>,v2:<key>`. Errors name the source and entry number, never the key itself. */
export function parseKeyring(text: string, source = 'DATA_KEY'): Keyring {
  const keys = new Map<number, Buffer>();
  // Commas (DATA_KEY) or line breaks (a hand-edited key file) separate entries.
  const entries = text.split(/[\s,]+/).filter(Boolean);
  if (entries.length === 0) throw new KeyringError(`${source} holds no key.`);
  entries.forEach((entry, i) => {
    const match = ENTRY.exec(entry);
    const key = match ? Buffer.from(match[2], 'base64') : undefined;
    if (!match || key?.length !== 32) {
      throw new KeyringError(
        `${source}: entry ${i + 1} of ${entries.length} is malformed; expected v<N>:<base64 of 32 bytes>, ` +
          'several separated by commas (make a key with `openssl rand -base64 32`).',
      );
    }
    const version = Number(match[1]);
    if (keys.has(version)) throw new KeyringError(`${source}: key version v${version} is listed twice.`);
    keys.set(version, key);
  });
  return new Keyring(keys);
}

/**
 * DATA_KEY when set; otherwise DATA_DIR/data-key, created (mode 0600) on first start unless
 * `create: false` (the rotation CLI: a missing key there means a lost key, not a first start).
 */
export function loadKeyring(config: Pick<Config, 'dataKey' | 'dataDir'>, options: { create?: boolean } = {}): Keyring {
  if (config.dataKey) return parseKeyring(config.dataKey, 'DATA_KEY');
  const file = path.join(config.dataDir, KEY_FILE);
  if (!fs.existsSync(file)) {
    if (options.create === false) throw new KeyringError(`No DATA_KEY is set and ${file} does not exist.`);
    createKeyFile(file);
  }
  return readKeyFile(file);
}

// Written to a temporary file and hard-linked into place: linking fails if the file exists, so two
// processes starting at once on a shared data directory both end up with the one key, never half a file.
function createKeyFile(file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${generateKey(1)}\n`, { mode: 0o600, flag: 'w' });
  try {
    fs.linkSync(tmp, file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

function readKeyFile(file: string): Keyring {
  const stat = fs.statSync(file);
  if (!stat.isFile()) throw new KeyringError(`${file} is not a regular file.`);
  // Windows has no POSIX modes to check.
  if (process.platform !== 'win32' && (stat.mode & 0o077) !== 0) {
    throw new KeyringError(
      `${file} is readable or writable by other users (mode ${(stat.mode & 0o777).toString(8)}). ` +
        `It holds the key to every encrypted field: run \`chmod 600 ${file}\` and start again.`,
    );
  }
  return parseKeyring(fs.readFileSync(file, 'utf8'), file);
}

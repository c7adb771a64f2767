import { PassThrough, Readable } from 'node:stream';
import type { Deps } from '../../app-env';
import { StorageNotFoundError } from '../../storage/storage';
import { csvRow } from '../../../shared/csv';
import { areaColumns, areaFile, areaRows, EXPORT_AREAS, type ExportArea } from './export-areas';
import { exportFiles, uniqueEntry } from './export-files';

type Options = { clientId: string; withSecrets: boolean };

/** An area's CSV: the header, then its rows as they are read, a page at a time. */
async function* areaCsv(deps: Pick<Deps, 'db' | 'keyring'>, area: ExportArea, o: Options) {
  const columns = areaColumns(area);
  yield csvRow(columns);
  for await (const page of areaRows(deps.db, deps.keyring, area, o.clientId, o.withSecrets))
    yield page.map((row) => csvRow(columns.map((c) => row[c]))).join('');
}

/** data.json: every area's rows under its name, written as they are read. */
async function* dataJson(deps: Pick<Deps, 'db' | 'keyring'>, o: Options) {
  yield `{"exportedAt":${JSON.stringify(new Date().toISOString())},"clientId":${JSON.stringify(o.clientId)},"secretsIncluded":${o.withSecrets},"areas":{`;
  for (const [i, area] of EXPORT_AREAS.entries()) {
    yield `${i ? ',' : ''}${JSON.stringify(area.name)}:[`;
    let first = true;
    for await (const page of areaRows(deps.db, deps.keyring, area, o.clientId, o.withSecrets)) {
      yield page.map((row) => `${first ? '' : ','}${((first = false), JSON.stringify(row))}`).join('');
    }
    yield ']';
  }
  yield '}}\n';
}

const readme = (o: Options) =>
  [
    'All data of this account, as kept by the portal.',
    '',
    'data.json   every area below in one file',
    'tables/     one CSV file per area (UTF-8, comma separated; cells that would start a spreadsheet formula begin with an apostrophe)',
    'files/      the uploaded files: business documents by section, receivable and purchase order documents, Support Chat attachments',
    '',
    o.withSecrets
      ? 'Secrets (SSN, EIN, date of birth, bank and card numbers, stored passwords) are included in clear: keep this file safe.'
      : 'Secrets (SSN, EIN, date of birth, bank and card numbers, stored passwords) are hidden. Download again with your password to include them.',
    '',
  ].join('\r\n');

/**
 * The client's whole data as a zip, streamed as it is built: tables are read a page at a time and
 * one stored file is open at a time, so memory stays flat whatever the size. A stored file missing
 * from storage is left out (and logged); any other failure ends the download with an error.
 */
export async function exportZip(deps: Pick<Deps, 'db' | 'keyring' | 'storage' | 'log'>, o: Options): Promise<Readable> {
  const { ZipArchive } = await import('archiver');
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const out = new PassThrough();
  archive.on('warning', (err: Error) => deps.log.warn(`data export warning: ${String(err)}`));
  archive.on('error', (err: Error) => out.destroy(err));
  archive.pipe(out);

  // A download the browser drops destroys `out`, and the archive, unpiped, would wait for ever on
  // the entry it is adding, holding that file (a descriptor, or an S3 socket) open. So a close
  // before the end stops the archive, closes the open source and fails the entry being added.
  let current: Readable | undefined;
  let failEntry: ((err: Error) => void) | undefined;
  let ended = false;
  const cancelled = () => new Error('download cancelled');
  archive.on('end', () => (ended = true));
  out.once('close', () => {
    if (ended) return;
    archive.abort();
    current?.destroy();
    failEntry?.(cancelled());
  });

  // One entry at a time: the next source is opened only once the previous one is written.
  const add = (source: Readable | string, name: string) =>
    new Promise<void>((resolve, reject) => {
      if (out.destroyed) {
        if (typeof source !== 'string') source.destroy();
        return reject(cancelled());
      }
      failEntry = reject;
      current = typeof source === 'string' ? undefined : source;
      archive.once('entry', () => resolve());
      if (typeof source !== 'string') source.once('error', reject);
      archive.append(source, { name });
    });

  void (async () => {
    await add(readme(o), 'README.txt');
    await add(Readable.from(dataJson(deps, o), { objectMode: false }), 'data.json');
    for (const area of EXPORT_AREAS)
      await add(Readable.from(areaCsv(deps, area, o), { objectMode: false }), `tables/${areaFile(area)}`);
    const used = new Set<string>();
    for (const file of await exportFiles(deps.db, o.clientId)) {
      // A cancelled source may still end its entry normally: never open the next file after a cancel.
      if (out.destroyed) throw cancelled();
      let stored;
      try {
        stored = await deps.storage.get(file.storageKey);
      } catch (err) {
        if (err instanceof StorageNotFoundError) {
          deps.log.warn(`data export: stored file missing for ${file.storageKey}`);
          continue;
        }
        throw err;
      }
      await add(stored.stream, uniqueEntry(used, file.folder, file.name));
    }
    await archive.finalize();
  })().catch((err: unknown) => {
    if (out.destroyed && !ended) return deps.log.debug('data export: download cancelled');
    deps.log.warn(`data export failed: ${err instanceof Error ? err.message : String(err)}`);
    archive.abort();
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}

import { Readable } from 'node:stream';
import type { Db } from '../../db/client';
import type { Asker } from '../../middleware/access';
import { csvRow } from '../../../shared/csv';
import { CLIENTS_TABLE_HEADERS, clientCells, type ClientCursor, type ClientListQuery } from '../../../shared/clients';
import { listClientRows } from './clients.service';

/** Clients read per query while the CSV is written: memory holds one page, whatever the number of clients. */
export const CSV_PAGE = 500;

/**
 * The Clients list as CSV (with a BOM, so spreadsheet programs read UTF-8 names right): what the
 * screen shows, with its search, order, columns and cell texts, Created as the day in the reader's
 * `timeZone`; every page, read a page at a time as the response is sent, each page from where the last one
 * ended (the list's cursor), so a long list is read in linear time and never skips or repeats a client.
 */
export function clientsCsv(
  db: Db,
  asker: Asker,
  query: Pick<ClientListQuery, 'sort' | 'q' | 'staff'>,
  timeZone: string,
): Readable {
  async function* lines() {
    yield `\uFEFF${csvRow(CLIENTS_TABLE_HEADERS)}`;
    for (let cursor: ClientCursor | undefined; ;) {
      const { rows, next } = await listClientRows(db, asker, { ...query, cursor, pageSize: CSV_PAGE });
      if (rows.length) yield rows.map((r) => csvRow(clientCells(r, timeZone))).join('');
      if (!next) return;
      cursor = next;
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

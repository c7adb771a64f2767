import { Readable } from 'node:stream';
import type { Db } from '../../db/client';
import { csvRow } from '../../../shared/csv';
import type { ClientListQuery } from '../../../shared/clients';
import { CLIENTS_CSV_COLUMNS } from '../../../shared/data-export';
import { listClients } from './clients.service';

/** Clients read per query while the CSV is written: memory holds one page, whatever the number of clients. */
export const CSV_PAGE = 500;

/**
 * The Clients list as CSV (with a BOM, so spreadsheet programs read UTF-8 names right), in the
 * screen's order and search, read a page at a time as the response is sent. Each order ends on a
 * unique column, so paging never skips or repeats a client.
 */
export function clientsCsv(db: Db, query: Pick<ClientListQuery, 'sort' | 'q'>): Readable {
  async function* lines() {
    yield `\uFEFF${csvRow(CLIENTS_CSV_COLUMNS)}`;
    for (let page = 1; ; page++) {
      const { rows } = await listClients(db, { ...query, page, pageSize: CSV_PAGE });
      if (rows.length) yield rows.map((r) => csvRow([r.name, r.email, r.phone, r.hasPassword ? 'set' : 'not set', r.provider, r.isPaid ? 'Yes' : 'No', r.createdAt])).join('');
      if (rows.length < CSV_PAGE) return;
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

// The admin's all-clients lists at 1,000 and at 100,000 clients, for `npm run bench` (PostgreSQL):
// the clients list (first page, and the thousandth reached by its cursor), its search by name,
// e-mail and phone digits, and the staff's lists across clients. One request at a time (an admin
// paging, not a crowd): the p95 at 100,000 must stay under 50 ms and within 1.5x of the same at 1,000.
import { httpRequest } from '../resilience/lib';
import { percentile, timedInTurn } from './search';

/** Requests per measured set, after WARM_UP untimed ones. */
const REQUESTS = 200;
const WARM_UP = 5;
/** Clients with something waiting for staff (the same ones at either size: an inbox holds what is pending, not every client). */
const PENDING = 100;
/** The client the name search looks for: a name only they have (below 1,000, so both sizes have them, like the e-mail and phone searched). */
const NAMED = 777;

type Query = (text: string, params?: unknown[]) => Promise<unknown>;
export type ListLatency = { label: string; p50: number; p95: number };

const FIRST = [
  'Ava',
  'Liam',
  'Mia',
  'Noah',
  'Emma',
  'Omar',
  'Zoe',
  'Ivan',
  'Lena',
  'Raj',
  'Sofia',
  'Kenji',
  'Nora',
  'Diego',
  'Aisha',
  'Tom',
];
const LAST = [
  'Smith',
  'Garcia',
  'Nguyen',
  'Okafor',
  'Kowalski',
  'Rossi',
  'Tanaka',
  'Haddad',
  'Murphy',
  'Silva',
  'Novak',
  'Berg',
  'Patel',
  'Cohen',
  'Dubois',
  'Moreau',
  'Larsen',
  'Reyes',
];
const sqlArray = (xs: string[]) => `array[${xs.map((x) => `'${x}'`).join(',')}]`;
/** Client g's phone digits: ten, distinct for every g below 9,999,991. */
const phoneDigits = (g: number) => `302${String((g * 7919) % 9_999_991).padStart(7, '0')}`;

/**
 * Clients numbered from..to-1 ('scale-<g>'), names drawn from common first and last names (every
 * twentieth without one), each with history: a completed document request, a done automation
 * request, an archived support conversation, a document and a bank account. The first PENDING
 * clients also have an open document request, a received automation request and an unread
 * conversation.
 */
export async function seedScaleClients(query: Query, from: number, to: number) {
  if (to <= from) return;
  const gen = 'from generate_series($1::int, $2::int - 1) g';
  const range = [from, to];
  const name = `case when g = ${NAMED} then 'Zelda Quackenbush' when g % 20 = 0 then '' else (${sqlArray(FIRST)})[1 + g % ${FIRST.length}] || ' ' || (${sqlArray(LAST)})[1 + (g / ${FIRST.length}) % ${LAST.length}] end`;
  const digits = `'302' || lpad(((g::bigint * 7919) % 9999991)::text, 7, '0')`;
  await query('begin');
  await query(
    `insert into auth_users (id, name, email, email_verified, phone, role, created_at)
     select 'scale-' || g, ${name}, 'client.' || g || '@scale.example.test', true,
            '(' || substr(${digits}, 1, 3) || ') ' || substr(${digits}, 4, 3) || '-' || substr(${digits}, 7, 4), 'client',
            now() - interval '1 year' + g * interval '1 second' ${gen}`,
    range,
  );
  await query(`insert into users (id, setup_at) select 'scale-' || g, now() ${gen}`, range);
  await query(
    `insert into business_compliance (user_id, task_name, kind, requested_document, task_status)
     select 'scale-' || g, 'Upload your EIN letter', 'document_request', 'EIN letter', 'Completed' ${gen}
     union all
     select 'scale-' || g, 'Upload your bank statement', 'document_request', 'Bank statement',
            case when g % 2 = 0 then 'Submitted' else 'Awaiting Completion' end ${gen} where g <= ${PENDING}`,
    range,
  );
  await query(
    `insert into automation_requests (id, user_id, type, description, state)
     select 'scale-ar-' || g, 'scale-' || g, 'Email', 'Seeded for the benchmark.', 'done' ${gen}
     union all
     select 'scale-ar-open-' || g, 'scale-' || g, 'Email', 'Waiting for staff.', 'received' ${gen} where g <= ${PENDING}`,
    range,
  );
  await query(
    `insert into support_conversations (client_id, archived_at)
     select 'scale-' || g, case when g <= ${PENDING} then null else now() end ${gen}`,
    range,
  );
  await query(
    `insert into support_messages (client_id, from_staff, body) select 'scale-' || g, false, 'Hello, a question.' ${gen}`,
    range,
  );
  await query(
    `update support_conversations c set last_message_id = m.id, last_client_message_id = m.id, last_message_at = m.created_at
     from support_messages m, generate_series($1::int, $2::int - 1) g where c.client_id = 'scale-' || g and m.client_id = c.client_id`,
    range,
  );
  await query(
    `insert into business_documents (id, user_id, document_name, document_type, storage_key, content_type, size)
     select 'scale-doc-' || g, 'scale-' || g, 'Articles.pdf', 'Other', 'documents/scale-' || g, 'application/pdf', 1000 ${gen}`,
    range,
  );
  await query(
    `insert into business_bank_accounts (id, user_id, bank_name) select 'scale-bank-' || g, 'scale-' || g, 'Scale Bank' ${gen}`,
    range,
  );
  await query('commit');
  await query('vacuum analyze');
}

/** One request at a time over `paths` in turn: p50 and p95 of REQUESTS after WARM_UP. */
async function sequential(base: string, label: string, paths: string[], cookie: string): Promise<ListLatency> {
  const ms = await timedInTurn(base, paths, cookie, { requests: REQUESTS, warmUp: WARM_UP });
  return { label, p50: percentile(ms, 50), p95: percentile(ms, 95) };
}

type ClientPageBody = { rows: { id: string }[]; total: number; nextCursor: string | null };
async function clientPage(base: string, cookie: string, query: string): Promise<ClientPageBody> {
  const res = await httpRequest(`${base}/api/clients?${query}`, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`clients list answered ${res.status}: ${res.body.slice(0, 200)}`);
  return JSON.parse(res.body) as ClientPageBody;
}

/**
 * The cursor of page `page` (of 50) of the newest-first list, followed from the first page through
 * pages of 100 (untimed); the list's last page when it has fewer.
 */
export async function cursorOfPage(base: string, cookie: string, page: number): Promise<string> {
  const pages = Math.min(page, Math.ceil((await clientPage(base, cookie, 'pageSize=1')).total / 50));
  let cursor = '';
  const skip = pages - 1; // pages of 50 before it
  for (let done = 0; done < skip;) {
    const size = skip - done >= 2 ? 100 : 50;
    const next = (await clientPage(base, cookie, `pageSize=${size}${cursor ? `&cursor=${cursor}` : ''}`)).nextCursor;
    if (!next) throw new Error(`the clients list ended before page ${pages}`);
    cursor = next;
    done += size / 50;
  }
  return cursor;
}

/** Every list the measurement takes, the clients list's thousandth page (or its last, when it is shorter) by cursor. */
export async function measureLists(base: string, cookie: string): Promise<ListLatency[]> {
  const q = (text: string) => encodeURIComponent(text);
  const deep = await cursorOfPage(base, cookie, 1000);
  const lists: [string, string[]][] = [
    ['clients list, page 1', ['/api/clients?pageSize=50']],
    ['clients list, page 1,000 by cursor', [`/api/clients?pageSize=50&cursor=${deep}`]],
    ['clients search by name', [`/api/clients?pageSize=50&q=${q('Zelda Quackenbush')}`]],
    ['clients search by e-mail', [`/api/clients?pageSize=50&q=${q('client.424@scale')}`]],
    ['clients search by phone digits', [`/api/clients?pageSize=50&q=${phoneDigits(425)}`]],
    ['client selector by name', [`/api/clients?sort=name_asc&pageSize=25&q=${q('quackenbush')}`]],
    ['open document requests', ['/api/document-requests']],
    ['automation requests', ['/api/automation-requests', '/api/automation-requests?state=received']],
    ['support inbox', ['/api/support/conversations?view=open']],
    ['all documents', ['/api/documents']],
    ['all bank accounts', ['/api/bank-accounts']],
  ];
  const out: ListLatency[] = [];
  for (const [label, paths] of lists) out.push(await sequential(base, label, paths, cookie));
  return out;
}

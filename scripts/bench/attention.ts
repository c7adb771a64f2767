// The "Needs attention" queue for `npm run bench`: sequential requests from an admin over the
// 10,000 clients (every reason's branch runs over all of them), p95 against the target.
import { percentile, timedInTurn } from './search';

type Query = (text: string, params?: unknown[]) => Promise<unknown>;

/**
 * Waiting things among bench clients from..to-1, beside what seedClients gives each (its spread of
 * build-out starts already puts about 6 in 10 clients in the no-progress branch): a chat waiting
 * for a first answer every 40th client, a received automation request every 20th, a pending
 * payment every 25th, an overdue task every 30th.
 */
export async function seedAttention(query: Query, from: number, to: number) {
  if (to <= from) return;
  const range = [from, to];
  const every = (n: number) => `from generate_series($1::int, $2::int - 1) g where g % ${n} = 0`;
  await query(
    `insert into support_conversations (client_id) select 'bench-' || g ${every(40)} on conflict do nothing`,
    range,
  );
  await query(
    `insert into support_messages (client_id, author_id, from_staff, body, created_at)
     select 'bench-' || g, 'bench-' || g, false, 'Hello?', now() - (g % 97) * interval '1 hour' ${every(40)}`,
    range,
  );
  await query(
    `update support_conversations c set last_message_id = m.id, last_client_message_id = m.id, last_message_at = m.created_at
     from support_messages m where m.client_id = c.client_id and c.client_id = any(select 'bench-' || g ${every(40)})`,
    range,
  );
  await query(
    `insert into automation_requests (id, user_id, type, description) select 'bench-auto-' || g, 'bench-' || g, 'Email', 'Seeded.' ${every(20)}`,
    range,
  );
  await query(
    `insert into payments (user_id, description, amount, date, status) select 'bench-' || g, 'Program', 500, current_date, 'pending' ${every(25)}`,
    range,
  );
  await query(
    `insert into business_compliance (user_id, task_name, task_due_date) select 'bench-' || g, 'Overdue', now() - (g % 9 + 1) * interval '1 day' ${every(30)}`,
    range,
  );
  // Told already: the reminder job's first pass must not mail these clients during the measurements.
  await query(
    `insert into compliance_reminders (task_id, stage, sent_at) select t.id, 'overdue', now() from business_compliance t
     where t.task_name = 'Overdue' and t.user_id = any(select 'bench-' || g ${every(30)}) on conflict do nothing`,
    range,
  );
}

export type AttentionLatency = { label: string; p50: number; p95: number; max: number; requests: number };

/** An admin's queue (all reasons, one reason, a later page) and the sidebar's counts, one request at a time. */
export async function measureAttention(base: string, adminCookie: string): Promise<AttentionLatency[]> {
  const sets: [string, string[]][] = [
    [
      'attention queue (all, one reason, page 20)',
      [
        '/api/attention?pageSize=50',
        '/api/attention?pageSize=50&reason=chat_new',
        '/api/attention?pageSize=50&page=20',
      ],
    ],
    ['attention counts', ['/api/attention/counts']],
  ];
  const out: AttentionLatency[] = [];
  for (const [label, paths] of sets) {
    const ms = await timedInTurn(base, paths, adminCookie, { requests: 100, warmUp: 10 });
    out.push({ label, p50: percentile(ms, 50), p95: percentile(ms, 95), max: ms[ms.length - 1], requests: ms.length });
  }
  return out;
}

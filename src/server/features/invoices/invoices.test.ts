import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, revolvingCredits, storeCreditCards, tradelineInvoices } from '../../db/schema';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';
import { LIMITS } from '../../../shared/limits';
import { INVOICE_CSV_TEMPLATE, type Invoice } from '../../../shared/invoices-rules';
import type { Page } from '../../../shared/paging';
import { isoDay } from '../../../shared/tradelines';
import type { PaydexEstimateResponse } from './invoices.service';

let t: TestApp;
type Who = { id: string; agent: TestAgent };
let a: Who;
let b: Who;
let admin: Who;

const base = (clientId: string, source: string, id: string) =>
  `/api/clients/${clientId}/tradelines/${source}/${id}/invoices`;
const card = async (
  userId: string,
  issuer: string,
  table: typeof storeCreditCards | typeof revolvingCredits = storeCreditCards,
) => (await t.db.insert(table).values({ id: crypto.randomUUID(), userId, issuer }).returning())[0].id;
const day = (plus: number) => isoDay(new Date(Date.now() + plus * 86_400_000));
const invoice = (over: Record<string, unknown> = {}) => ({
  number: 'INV-1',
  invoiceDate: day(-60),
  termsDays: 30,
  amount: 100,
  paidDate: day(-30),
  paidAmount: 100,
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  const make = async (role: 'client' | 'admin', name: string) => {
    const u = await t.createSignedInUser({ role, name });
    return { id: u.user.id, agent: u.agent };
  };
  a = await make('client', 'Client Alpha');
  b = await make('client', 'Client Bravo');
  admin = await make('admin', 'Staff Admin');
});
afterAll(() => t?.close());

describe('tradeline invoices', () => {
  it('a client adds, lists (paged, newest first), edits and deletes the invoices of their own tradeline', async () => {
    const store = await card(a.id, 'Uline');
    const url = base(a.id, 'store', store);
    const add = await a.agent.request('POST', url, { json: invoice() });
    expect(add.status, await add.clone().text()).toBe(201);
    const { invoice: first } = (await add.json()) as { invoice: Invoice };
    expect(first).toMatchObject({
      number: 'INV-1',
      amount: 100,
      paidAmount: 100,
      status: 'paid',
      termsDays: 30,
      dueDate: day(-30),
    });
    const second = (
      (await (
        await a.agent.request('POST', url, {
          json: invoice({ number: 'INV-2', invoiceDate: day(-10), amount: 250.5, paidDate: '', paidAmount: null }),
        })
      ).json()) as { invoice: Invoice }
    ).invoice;
    expect(second).toMatchObject({ status: 'open', paidDate: null, paidAmount: null, amount: 250.5 });

    const page = (await (await a.agent.get(`${url}?pageSize=1`)).json()) as Page<Invoice>;
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(page.items.map((i) => i.number)).toEqual(['INV-2']);
    // Pages are at most 100.
    expect((await a.agent.get(`${url}?pageSize=101`)).status).toBe(400);

    const put = await a.agent.request('PUT', `${url}/${second.id}`, {
      json: invoice({ number: 'INV-2', invoiceDate: day(-10), amount: 250.5, paidDate: day(-1), paidAmount: 100 }),
    });
    expect(put.status).toBe(200);
    expect(((await put.json()) as { invoice: Invoice }).invoice.status).toBe('partly-paid');

    expect((await a.agent.request('DELETE', `${url}/${first.id}`)).status).toBe(200);
    expect((await a.agent.request('DELETE', `${url}/${first.id}`)).status).toBe(404);
    expect(((await (await a.agent.get(url)).json()) as Page<Invoice>).total).toBe(1);
    // A client's own writes are not audited.
    expect(await t.db.select().from(auditLog).where(eq(auditLog.entityType, 'tradeline_invoice'))).toHaveLength(0);
  });

  it('refuses wrong values with the field: paid date before the invoice date, amounts of 0 or 3 decimals, half a payment', async () => {
    const url = base(a.id, 'store', await card(a.id, 'Quill'));
    const cases: [Record<string, unknown>, string, string][] = [
      [{ paidDate: day(-61) }, 'paidDate', 'The paid date cannot be before the invoice date.'],
      [{ amount: 0 }, 'amount', 'Amount: Enter the amount as a number greater than 0, like 2500 or 2500.00.'],
      [{ amount: 10.005, paidAmount: 10 }, 'amount', 'Amount can have at most 2 decimals.'],
      [{ paidAmount: 100.001 }, 'paidAmount', 'Paid amount can have at most 2 decimals.'],
      [{ paidAmount: 150 }, 'paidAmount', 'The paid amount cannot be more than the invoice amount.'],
      [{ paidAmount: null }, 'paidAmount', 'Enter the amount paid on the paid date.'],
      [{ paidDate: '' }, 'paidDate', 'Enter the date the amount was paid.'],
      [{ invoiceDate: '2026-02-30' }, 'invoiceDate', 'Invoice date must be a real date (YYYY-MM-DD).'],
      [{ termsDays: 1.5 }, 'termsDays', 'Terms must be a whole number of days.'],
      [{ number: '  ' }, 'number', 'Enter the invoice number.'],
    ];
    for (const [over, field, error] of cases) {
      const res = await a.agent.request('POST', url, { json: invoice(over) });
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(await res.json()).toMatchObject({ field, error });
    }
    expect(((await (await a.agent.get(url)).json()) as Page<Invoice>).total).toBe(0);
  });

  it("another client's tradeline or invoice is a 404 and is not changed; a guest is 401", async () => {
    const store = await card(a.id, 'Grainger');
    const url = base(a.id, 'store', store);
    const { invoice: mine } = (await (await a.agent.request('POST', url, { json: invoice() })).json()) as {
      invoice: Invoice;
    };
    const own = await card(b.id, 'Bravo card');
    expect((await b.agent.get(url)).status).toBe(404);
    expect((await b.agent.get(base(b.id, 'store', store))).status).toBe(404);
    expect((await b.agent.request('POST', base(b.id, 'store', store), { json: invoice() })).status).toBe(404);
    // B's own tradeline with A's invoice id: not there.
    expect(
      (
        await b.agent.request('PUT', `${base(b.id, 'store', own)}/${mine.id}`, {
          json: invoice({ amount: 1, paidAmount: 1 }),
        })
      ).status,
    ).toBe(404);
    expect((await b.agent.request('DELETE', `${base(b.id, 'store', own)}/${mine.id}`)).status).toBe(404);
    // A's own invoice under A's other tradeline: not there either.
    expect((await a.agent.request('DELETE', `${base(a.id, 'revolving', store)}/${mine.id}`)).status).toBe(404);
    expect((await t.request('GET', url)).status).toBe(401);
    const [row] = await t.db.select().from(tradelineInvoices).where(eq(tradelineInvoices.id, mine.id));
    expect(row.amount).toBe('100.00');
  });

  it('an admin acting for a client names the client: audited, and the client is told', async () => {
    const store = await card(a.id, 'Staples');
    const res = await admin.agent.request('POST', base(a.id, 'store', store), { json: invoice() });
    expect(res.status).toBe(201);
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.entityType, 'tradeline_invoice'));
    expect(rows.map((r) => [r.clientId, r.action])).toEqual([[a.id, 'create']]);
  });

  it('the invoices go with their tradeline', async () => {
    const rev = await card(a.id, 'Brex', revolvingCredits);
    expect((await a.agent.request('POST', base(a.id, 'revolving', rev), { json: invoice() })).status).toBe(201);
    await t.db.delete(revolvingCredits).where(eq(revolvingCredits.id, rev));
    expect(
      await t.db.select().from(tradelineInvoices).where(eq(tradelineInvoices.revolvingCreditId, rev)),
    ).toHaveLength(0);
  });

  it('refuses an invoice past the per-tradeline limit, with the limit in words', async () => {
    const store = await card(b.id, 'Full');
    await t.db.insert(tradelineInvoices).values(
      Array.from({ length: LIMITS.invoicesPerTradeline }, (_, i) => ({
        id: crypto.randomUUID(),
        userId: b.id,
        storeCardId: store,
        number: `N${i}`,
        invoiceDate: '2026-01-01',
        termsDays: 30,
        amount: '1.00',
      })),
    );
    const res = await b.agent.request('POST', base(b.id, 'store', store), { json: invoice() });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe(
      'A tradeline can hold at most 500 invoices. Delete some you no longer need, or contact support.',
    );
    // Another tradeline still takes one, until the client's own limit.
    expect(
      (await b.agent.request('POST', base(b.id, 'store', await card(b.id, 'Other')), { json: invoice() })).status,
    ).toBe(201);
    const imp = await b.agent.request('POST', `${base(b.id, 'store', store)}/import`, {
      json: { csv: INVOICE_CSV_TEMPLATE },
    });
    expect(imp.status).toBe(409);
    await t.db.delete(tradelineInvoices).where(eq(tradelineInvoices.userId, b.id));
  });

  it('imports a CSV file all or nothing: the template imports; one wrong row writes nothing and is named', async () => {
    const store = await card(a.id, 'Importer');
    const url = `${base(a.id, 'store', store)}/import`;
    const ok = await a.agent.request('POST', url, { json: { csv: INVOICE_CSV_TEMPLATE } });
    expect(ok.status, await ok.clone().text()).toBe(201);
    expect(await ok.json()).toEqual({ imported: 2 });
    const list = (await (await a.agent.get(base(a.id, 'store', store))).json()) as Page<Invoice>;
    expect(list.items.map((i) => [i.number, i.termsDays, i.amount, i.paidAmount, i.status])).toEqual([
      ['INV-1002', 45, 800.5, 400, 'partly-paid'],
      ['INV-1001', 30, 1250, 1250, 'paid'],
    ]);

    // LF line ends, columns in another order, a wrong second and third row.
    const bad =
      'amount,invoice_number,invoice_date,terms,paid_date,paid_amount\n' +
      '10,A-1,2026-01-01,Net 30,,\n' +
      '10,A-2,2026-01-05,30,2026-01-01,10\n' +
      '0,A-3,2026-01-05,30,,\n';
    const res = await a.agent.request('POST', url, { json: { csv: bad } });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe(
      'Row 3: The paid date cannot be before the invoice date. (and 1 more row) Nothing was imported: correct the rows below and import the file again.',
    );
    const header = await a.agent.request('POST', url, { json: { csv: 'number,date\n1,2\n' } });
    expect(header.status).toBe(400);
    expect((await header.json()).error).toMatch(/^Row 1: The header row must name the columns/);
    expect(((await (await a.agent.get(base(a.id, 'store', store))).json()) as Page<Invoice>).total).toBe(2);
  });

  it('the estimate: not enough data, then a score from 3 paid invoices of 2 vendors, per vendor, with 12 months of history', async () => {
    const fresh = await t.createSignedInUser({ role: 'client', name: 'Client Estimate' });
    const c = { id: fresh.user.id, agent: fresh.agent };
    const estimate = async () =>
      (await (await c.agent.get(`/api/clients/${c.id}/paydex-estimate`)).json()) as PaydexEstimateResponse;
    expect((await estimate()).estimate).toMatchObject({ state: 'not-enough-data', score: null, paidInvoices: 0 });
    const one = await card(c.id, 'Uline');
    const two = await card(c.id, 'Quill', revolvingCredits);
    // $200 on terms at Uline, $100 paid 30 days late at Quill: 10 days late on average.
    await c.agent.request('POST', base(c.id, 'store', one), { json: invoice() });
    await c.agent.request('POST', base(c.id, 'store', one), { json: invoice({ number: 'INV-2' }) });
    expect((await estimate()).estimate.state).toBe('not-enough-data');
    await c.agent.request('POST', base(c.id, 'revolving', two), {
      json: invoice({ invoiceDate: day(-90), paidDate: day(-30) }),
    });
    const body = await estimate();
    expect(body.estimate).toMatchObject({
      state: 'estimate',
      score: 73,
      averageDays: 10,
      paidInvoices: 3,
      paidVendors: 2,
    });
    expect(body.estimate.vendors.map((v) => [v.vendorName, v.score])).toEqual([
      ['Uline', 80],
      ['Quill', 50],
    ]);
    expect(body.history).toHaveLength(12);
    expect(body.history[11]).toMatchObject({ asOf: isoDay(new Date()), score: 73 });
    expect((await b.agent.get(`/api/clients/${c.id}/paydex-estimate`)).status).toBe(404);
  });
});

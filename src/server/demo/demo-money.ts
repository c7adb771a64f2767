import { addPayment } from '../features/payments/payments.service';
import { addRecordDocument } from '../features/records/record-documents.service';
import { purchaseOrderKind, receivableKind } from '../features/records/records.kinds';
import { createRecord } from '../features/records/records.service';
import { paymentInput } from '../../shared/payments';
import { purchaseOrderInput, receivableInput } from '../../shared/records';
import { dayIso, ownScope, parse, staffScope, type DemoContext } from './demo-context';
import { pdfUpload } from './demo-files';

// Payments (besides the signup credit the set-up adds), account receivables and purchase orders.

export async function addPayments(ctx: DemoContext) {
  const scope = staffScope(ctx, ctx.client.id);
  const rows = [
    {
      description: 'Business Build-Out program: first installment',
      amount: 497,
      date: dayIso(ctx, 23),
      status: 'completed',
      included: true,
    },
    {
      description: 'Business Build-Out program: second installment',
      amount: 497,
      date: dayIso(ctx, 9),
      status: 'completed',
      included: true,
    },
    {
      description: 'Registered agent service (annual)',
      amount: 125,
      date: dayIso(ctx, -5),
      status: 'pending',
      included: false,
    },
  ] as const;
  for (const p of rows) await addPayment(ctx.deps.db, scope, parse(paymentInput, p));
}

export async function addRecords(ctx: DemoContext) {
  const { db, storage, config } = ctx.deps;
  const scope = ownScope(ctx.client.id);
  const receivables = [
    { vendorName: 'Eastside Bakery Co-op', amount: 1840, dueDate: dayIso(ctx, -14), status: 'pending' },
    { vendorName: 'Capitol Office Catering', amount: 962.5, dueDate: dayIso(ctx, 3), status: 'overdue' },
    { vendorName: 'South Congress Farmers Market', amount: 420, dueDate: dayIso(ctx, 10), status: 'approved' },
  ] as const;
  let first: string | null = null;
  for (const r of receivables) {
    const record = await createRecord(db, receivableKind, scope, parse(receivableInput, r));
    first ??= record.id;
  }
  await addRecordDocument(
    db,
    storage,
    receivableKind,
    scope,
    first!,
    pdfUpload('Invoice 1042.pdf', 'Invoice 1042', [
      'Bill to: Eastside Bakery Co-op',
      '40 lb house blend, 12 deliveries',
      'Total due: $1,840.00',
    ]),
    config.storageQuotaBytes,
  );
  const orders = [
    { vendorName: 'Pacific Green Coffee Importers', amount: 3275, orderDate: dayIso(ctx, 15), status: 'approved' },
    { vendorName: 'Austin Packaging Supply', amount: 612.4, orderDate: dayIso(ctx, 4), status: 'pending' },
  ] as const;
  let order: string | null = null;
  for (const o of orders) {
    const record = await createRecord(db, purchaseOrderKind, scope, parse(purchaseOrderInput, o));
    order ??= record.id;
  }
  await addRecordDocument(
    db,
    storage,
    purchaseOrderKind,
    scope,
    order!,
    pdfUpload('PO 2025-007.pdf', 'Purchase Order 007', [
      'Vendor: Pacific Green Coffee Importers',
      '10 bags Colombian Huila, 69 kg each',
    ]),
    config.storageQuotaBytes,
  );
}

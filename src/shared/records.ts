import { z } from 'zod';
import { textField } from './fields';

// Account Receivables and Purchase Orders: the same list, dialog and
// document uploads, so one contract describes both kinds of record.

export const RECORD_KINDS = ['receivable', 'purchase-order'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export const RECEIVABLE_STATUSES = ['pending', 'approved', 'overdue'] as const;
export const PURCHASE_ORDER_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReceivableStatus = (typeof RECEIVABLE_STATUSES)[number];
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];
export type RecordStatus = ReceivableStatus | PurchaseOrderStatus;

/** The labels the original product shows ('OverDue' as written there). */
export const STATUS_LABELS: Record<RecordStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  overdue: 'OverDue',
  rejected: 'Rejected',
};
/** Badge colours: green approved, yellow pending, red otherwise. */
export const statusColour = (status: RecordStatus): 'green' | 'yellow' | 'red' =>
  status === 'approved' ? 'green' : status === 'pending' ? 'yellow' : 'red';

export const MAX_RECORD_AMOUNT = 100_000_000;
const AMOUNT_MESSAGE = 'Enter the amount as a number greater than 0, like 2500 or 2500.00.';
const amountField = z
  .number(AMOUNT_MESSAGE)
  .refine((n) => Number.isFinite(n) && n > 0, AMOUNT_MESSAGE)
  .refine((n) => n <= MAX_RECORD_AMOUNT, 'The amount can be at most $100,000,000.')
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'The amount can have at most 2 decimals.');

const isoDate = (label: string) =>
  z
    .string(`${label} is required.`)
    .min(1, `${label} is required.`)
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD).`)
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= '1900-01-01' && s <= '2999-12-31';
    }, `${label} must be a real date.`);

const vendorName = textField(200, 'Vendor name').pipe(z.string().min(1, 'Enter the vendor name.'));

export const receivableInput = z
  .object({
    vendorName,
    amount: amountField,
    dueDate: isoDate('Due date'),
    status: z.enum(RECEIVABLE_STATUSES, 'Status must be pending, approved or overdue.').default('pending'),
  })
  .strict();
export const purchaseOrderInput = z
  .object({
    vendorName,
    amount: amountField,
    orderDate: isoDate('Order date'),
    status: z.enum(PURCHASE_ORDER_STATUSES, 'Status must be pending, approved or rejected.').default('pending'),
  })
  .strict();
/** Edits: an omitted status keeps the stored one (create's default of 'pending' would reset it). */
export const receivableUpdate = receivableInput
  .extend({ status: z.enum(RECEIVABLE_STATUSES, 'Status must be pending, approved or overdue.').optional() })
  .strict();
export const purchaseOrderUpdate = purchaseOrderInput
  .extend({ status: z.enum(PURCHASE_ORDER_STATUSES, 'Status must be pending, approved or rejected.').optional() })
  .strict();
export type ReceivableInput = z.infer<typeof receivableInput>;
export type PurchaseOrderInput = z.infer<typeof purchaseOrderInput>;

export type RecordDocument = { id: string; documentName: string; contentType: string; size: number; createdAt: string };
export type Receivable = Omit<ReceivableInput, 'status'> & {
  id: string;
  clientId: string;
  status: ReceivableStatus;
  createdAt: string;
  documents: RecordDocument[];
};
export type PurchaseOrder = Omit<PurchaseOrderInput, 'status'> & {
  id: string;
  clientId: string;
  status: PurchaseOrderStatus;
  createdAt: string;
  documents: RecordDocument[];
};
/** A record of either kind as the API answers it: the kind's own date key (dueDate or orderDate), its documents nested. */
export type RecordView = {
  id: string;
  clientId: string;
  vendorName: string;
  amount: number;
  status: RecordStatus;
  createdAt: string;
  documents: RecordDocument[];
  clientName?: string;
  clientEmail?: string;
} & Partial<Record<'dueDate' | 'orderDate', string>>;
/** What a record's form sends: the fields of its kind. */
export type RecordInput = ReceivableInput | PurchaseOrderInput;
/** In an admin's all-clients list each record names its client. */
export type WithClient<T> = T & { clientName?: string; clientEmail?: string };

/** The sum of the amounts (and the count) of one status, over the whole list, not just a page. */
export type StatusTotal<S extends RecordStatus = RecordStatus> = { status: S; count: number; amount: number };
/** What a record list answers: a page of records with their documents, and the totals by status. */
export type RecordPage<T, S extends RecordStatus> = {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
  totals: StatusTotal<S>[];
};

export const RECORD_NOT_FOUND: Record<RecordKind, string> = {
  receivable: 'Account receivable not found.',
  'purchase-order': 'Purchase order not found.',
};
export const RECORD_DOCUMENT_NOT_FOUND = 'Document not found.';

/** Documents one record may carry. */
export const DOCUMENTS_PER_RECORD = 20;
export const TOO_MANY_RECORD_DOCUMENTS = `A record can carry at most ${DOCUMENTS_PER_RECORD} documents. Delete one you no longer need first.`;

import {
  PURCHASE_ORDER_STATUSES,
  purchaseOrderInput,
  RECEIVABLE_STATUSES,
  receivableInput,
  type RecordKind,
  type RecordStatus,
} from '../../../shared/records';

/** What differs between the two pages (the original product gives both "the same layout"). */
export type RecordKindUi = {
  kind: RecordKind;
  /** The API's path segment. */
  path: 'receivables' | 'purchase-orders';
  heading: string;
  intro: string;
  newLabel: string;
  /** 'account receivable' / 'purchase order', in sentences. */
  noun: string;
  nounPlural: string;
  dateKey: 'dueDate' | 'orderDate';
  dateLabel: string;
  statuses: readonly RecordStatus[];
  schema: typeof receivableInput | typeof purchaseOrderInput;
};

export const RECEIVABLES: RecordKindUi = {
  kind: 'receivable',
  path: 'receivables',
  heading: 'Account Receivables',
  intro:
    'Money owed to your business: who owes it, how much and when it is due, with the invoices and documents behind it.',
  newLabel: 'New Account Receivable',
  noun: 'account receivable',
  nounPlural: 'account receivables',
  dateKey: 'dueDate',
  dateLabel: 'Due Date',
  statuses: RECEIVABLE_STATUSES,
  schema: receivableInput,
};

export const PURCHASE_ORDERS: RecordKindUi = {
  kind: 'purchase-order',
  path: 'purchase-orders',
  heading: 'Purchase Orders',
  intro: 'Orders your business has placed with vendors: amount, order date and status, with the order documents.',
  newLabel: 'New Purchase Order',
  noun: 'purchase order',
  nounPlural: 'purchase orders',
  dateKey: 'orderDate',
  dateLabel: 'Order Date',
  statuses: PURCHASE_ORDER_STATUSES,
  schema: purchaseOrderInput,
};

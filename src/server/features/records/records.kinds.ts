import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  accountReceivableDocuments,
  accountReceivables,
  purchaseOrderDocuments,
  purchaseOrders,
} from '../../db/schema';
import type { AuditEntityType } from '../../../shared/audit-labels';
import { LIMITS } from '../../../shared/limits';
import {
  PURCHASE_ORDER_STATUSES,
  RECEIVABLE_STATUSES,
  type RecordKind,
  type RecordStatus,
} from '../../../shared/records';

/**
 * Account Receivables and Purchase Orders are the same kind of record (vendor, amount, a date, a
 * status, documents): one service serves both, told by this table which columns to use.
 */
export type KindConfig = {
  kind: RecordKind;
  table: PgTable;
  cols: {
    id: PgColumn;
    userId: PgColumn;
    vendorName: PgColumn;
    amount: PgColumn;
    date: PgColumn;
    status: PgColumn;
    createdAt: PgColumn;
    updatedAt: PgColumn;
  };
  /** The date's name in the API ('dueDate' or 'orderDate') and its property on the table. */
  dateKey: 'dueDate' | 'orderDate';
  statuses: readonly RecordStatus[];
  limit: number;
  /** Plural words for limitReached(). */
  what: string;
  entity: AuditEntityType;
  docs: {
    table: PgTable;
    recordKey: 'accountReceivableId' | 'purchaseOrderId';
    cols: {
      id: PgColumn;
      userId: PgColumn;
      recordId: PgColumn;
      documentName: PgColumn;
      storageKey: PgColumn;
      contentType: PgColumn;
      size: PgColumn;
      createdAt: PgColumn;
    };
    entity: AuditEntityType;
    /** Storage folder (the original product's account-receivable/ and purchase-order/). */
    folder: string;
  };
};

const r = accountReceivables;
const rd = accountReceivableDocuments;
const p = purchaseOrders;
const pd = purchaseOrderDocuments;

export const receivableKind: KindConfig = {
  kind: 'receivable',
  table: r,
  cols: {
    id: r.id,
    userId: r.userId,
    vendorName: r.vendorName,
    amount: r.amount,
    date: r.dueDate,
    status: r.status,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  },
  dateKey: 'dueDate',
  statuses: RECEIVABLE_STATUSES,
  limit: LIMITS.receivables,
  what: 'account receivables',
  entity: 'account_receivable',
  docs: {
    table: rd,
    recordKey: 'accountReceivableId',
    cols: {
      id: rd.id,
      userId: rd.userId,
      recordId: rd.accountReceivableId,
      documentName: rd.documentName,
      storageKey: rd.storageKey,
      contentType: rd.contentType,
      size: rd.size,
      createdAt: rd.createdAt,
    },
    entity: 'account_receivable_document',
    folder: 'account-receivable',
  },
};

export const purchaseOrderKind: KindConfig = {
  kind: 'purchase-order',
  table: p,
  cols: {
    id: p.id,
    userId: p.userId,
    vendorName: p.vendorName,
    amount: p.amount,
    date: p.orderDate,
    status: p.status,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  },
  dateKey: 'orderDate',
  statuses: PURCHASE_ORDER_STATUSES,
  limit: LIMITS.purchaseOrders,
  what: 'purchase orders',
  entity: 'purchase_order',
  docs: {
    table: pd,
    recordKey: 'purchaseOrderId',
    cols: {
      id: pd.id,
      userId: pd.userId,
      recordId: pd.purchaseOrderId,
      documentName: pd.documentName,
      storageKey: pd.storageKey,
      contentType: pd.contentType,
      size: pd.size,
      createdAt: pd.createdAt,
    },
    entity: 'purchase_order_document',
    folder: 'purchase-order',
  },
};

import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { encryptedColumns } from '../../security/encrypted-column';
import { auditEntityLabels, auditFieldLabels, describeAudit } from '../../../shared/audit-labels';

describe('human labels for the audit log (src/shared/audit-labels.ts)', () => {
  it('has a label for every field whose reveal is recorded (every encrypted column)', () => {
    // The app's own settings (the sealed auth secret) belong to no client and are never revealed.
    const tables = (Object.values(schema) as unknown[]).filter(
      (v): v is PgTable => is(v, PgTable) && v !== schema.appSettings,
    );
    const secret = tables.flatMap((table) => encryptedColumns(table).columns.map(([, column]) => column.name));
    expect(secret.length).toBeGreaterThan(0);
    for (const name of secret) expect(auditFieldLabels[name], `label for ${name}`).toMatch(/^[A-Za-z ]+$/);
  });

  it('says every action on every entity in words, never with a column or table name', () => {
    for (const entityType of Object.keys(auditEntityLabels)) {
      for (const action of ['create', 'update', 'delete', 'reveal'] as const) {
        const text = describeAudit({ actor: 'Ada (staff)', action, entityType, field: 'account_number' });
        expect(text).not.toMatch(/_/);
        expect(text).toMatch(/^Ada \(staff\) (added|changed|deleted|viewed) /);
      }
    }
    expect(describeAudit({ actor: 'You', action: 'reveal', entityType: 'bank_account', field: 'account_number' })).toBe(
      'You viewed the account number on your bank account',
    );
    expect(describeAudit({ actor: 'You', action: 'reveal', entityType: 'user_profile', field: 'owner_ssn' })).toBe(
      'You viewed the SSN on your business owner profile',
    );
    expect(describeAudit({ actor: 'Ada (staff)', action: 'create', entityType: 'business_compliance' })).toBe(
      'Ada (staff) added a compliance task',
    );
    expect(describeAudit({ actor: 'Ada (staff)', action: 'update', entityType: 'user_profile' })).toBe(
      'Ada (staff) changed your business owner profile',
    );
    // Whole-portal exports are not "all of your data (secrets hidden)": a backup holds every secret.
    expect(describeAudit({ actor: 'You', action: 'export', entityType: 'client_list' })).toBe(
      'You downloaded the client list',
    );
    expect(describeAudit({ actor: 'You', action: 'export', entityType: 'backup' })).toBe(
      'You downloaded a backup of the whole portal',
    );
    // A row from an older version with a type this table no longer knows still reads as words.
    expect(describeAudit({ actor: 'Ada (staff)', action: 'delete', entityType: 'old_thing', field: null })).toBe(
      'Ada (staff) deleted your old thing',
    );
  });
});

// The one table of human labels for what the audit log records (docs/architecture.md, "Bounds"): every entity and every field the server writes to audit_log, in the words a client
// reads under "Activity on your account". The server's recordAudit takes only these entity types,
// so a new one cannot be logged without a label.

export type AuditAction = 'create' | 'update' | 'delete' | 'reveal' | 'export';

type EntityLabel = {
  /** One of many ('a bank account'), or the client's only one ('your business owner profile'). */
  a: string;
  /** The client's own ('your bank account'). */
  yours: string;
};

const many = (name: string, article = 'a'): EntityLabel => ({ a: `${article} ${name}`, yours: `your ${name}` });
const single = (name: string): EntityLabel => ({ a: `your ${name}`, yours: `your ${name}` });

export const auditEntityLabels = {
  user_profile: single('business owner profile'),
  notification_preferences: single('notification preferences'),
  // The user's own security changes (recordOwnEvent): turned on, turned off, new recovery codes.
  two_factor: single('two-factor sign-in'),
  two_factor_recovery_codes: single('two-factor recovery codes'),
  bank_account: many('bank account'),
  business_account: many('business account'),
  business_compliance: many('compliance task'),
  business_document: many('business document'),
  payment: many('payment'),
  agreement_template: many('service agreement template'),
  instalment: many('program instalment'),
  program_request: many('program request'),
  recent_activity: many('recent activity'),
  membership: single('membership'),
  // 'All my data' downloads (field: with_secrets / without_secrets), an admin's Clients CSV (logged
  // on the admin's own account), and an admin ending every session of a client.
  data_export: single('data'),
  client_list: { a: 'the client list', yours: 'the client list' },
  // An admin's backup of the whole portal (POST /api/admin/backup), logged on their own account.
  backup: { a: 'a backup of the portal', yours: 'a backup of the portal' },
  sign_in_sessions: single('sign-in sessions'),
  credit_loan: many('loan offer'),
  capital_score: single('CapitalScore'),
  paydex_score: single('PAYDEX score'),
  store_credit_card: many('store credit card'),
  revolving_credit: many('revolving credit card'),
  account_receivable: many('account receivable', 'an'),
  account_receivable_document: many('account receivable document', 'an'),
  purchase_order: many('purchase order'),
  purchase_order_document: many('purchase order document'),
  tradeline: many('tradeline'),
  tradeline_invoice: many('invoice', 'an'),
  first_step_opening: many('opened First Step Account', 'an'),
  website_template: single('website template'),
  social_media_account: many('social media account'),
  automation_request: many('automation request', 'an'),
  support_message: many('Support Chat message'),
  support_conversation: single('Support Chat conversation'),
  // Which staff member works the client (an admin's assignment, or a staff member's role ending).
  assignment: single('assigned staff member'),
  // An admin's change of the user's role (client, staff member, administrator).
  role: single('role'),
  // An admin's change of whether a staff member takes new clients (round-robin), in the staff member's log.
  new_clients: single('"Takes new clients" setting'),
  // Staff's private notes on the client: recorded for staff, never shown to the client (below).
  client_note: many('staff note'),
  funding_packet: many('funding packet'),
  packet_link: many('funding packet share link'),
} as const satisfies Record<string, EntityLabel>;

export type AuditEntityType = keyof typeof auditEntityLabels;

/**
 * What staff do that the client must not learn of, even that it happened: left out of the client's
 * own account activity and of their data export, shown to staff acting for them.
 */
export const staffOnlyAuditEntities: AuditEntityType[] = ['client_note'];

/**
 * The field of a change no one made by hand (a new client's round-robin assignment): its row has
 * no actor, and the log names the portal rather than an unknown (deleted) person.
 */
export const AUTOMATIC_CHANGE = 'automatic';

/**
 * The field of a refund made in Stripe's dashboard rather than the portal: the webhook records it
 * with no actor, and the log names Stripe.
 */
export const REFUNDED_IN_STRIPE = 'refunded_in_stripe';

/** Fields whose reveal is recorded (the encrypted columns), by column name. */
export const auditFieldLabels: Record<string, string> = {
  owner_ssn: 'SSN',
  owner_dob: 'date of birth',
  ein: 'EIN',
  account_number: 'account number',
  routing_number: 'routing number',
  username: 'username',
  password: 'password',
};

const words = (raw: string) => raw.replace(/[_-]+/g, ' ').trim();

/** The label of an entity type; an unknown one (an older row) is at least shown in words. */
export const auditEntityLabel = (entityType: string): EntityLabel =>
  (auditEntityLabels as Record<string, EntityLabel>)[entityType] ?? many(words(entityType) || 'record');

/** The label of a field; an unknown one in words, never as a column name. */
export const auditFieldLabel = (field: string | null | undefined) =>
  field ? (auditFieldLabels[field] ?? words(field)) : 'details';

/** 'Ada (staff) added a compliance task', 'You viewed the account number on your bank account'. */
export function describeAudit(row: {
  actor: string;
  action: AuditAction;
  entityType: string;
  field?: string | null;
}): string {
  const entity = auditEntityLabel(row.entityType);
  switch (row.action) {
    case 'reveal':
      return `${row.actor} viewed the ${auditFieldLabel(row.field)} on ${entity.yours}`;
    case 'create':
      return `${row.actor} added ${entity.a}`;
    case 'update':
      return `${row.actor} changed ${entity.yours}`;
    case 'delete':
      return `${row.actor} deleted ${entity.yours}`;
    case 'export':
      if (row.entityType === 'client_list') return `${row.actor} downloaded the client list`;
      if (row.entityType === 'backup') return `${row.actor} downloaded a backup of the whole portal`;
      return `${row.actor} downloaded all of ${entity.yours}${row.field === 'with_secrets' ? ', secrets included' : ' (secrets hidden)'}`;
  }
}

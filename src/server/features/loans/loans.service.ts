import { and, asc, desc, eq, or, type SQL } from 'drizzle-orm';
import { isStaffRole, type Role } from '../../../shared/roles';
import type { Deps } from '../../app-env';
import type { Db } from '../../db/client';
import { authUsers, creditLoans } from '../../db/schema';
import type { Loan, LoanInput, LoanReviewInput, LoanReviewState } from '../../../shared/loans';
import { LIMITS } from '../../../shared/limits';
import type { Page, PageQuery } from '../../../shared/paging';
import { pageWindow, toPage } from '../../lib/paging';
import { enforceRecordLimit } from '../../lib/record-limit';
import { recordAudit } from '../audit/audit.service';
import { notifyStaffAction } from '../notifications/staff-action';
import { notify, notifyStaff } from '../notifications/notifications.service';
import { loanOfferMail } from './loan-offer-mail';

// The directory is one shared list (docs/architecture.md, "Access"): every signed-in user reads
// every approved offer; a client's offer reaches the others only once staff approve it (its author
// sees it at once, marked as waiting); an offer is changed or deleted only by its author or an admin.
// A staff member reads and writes it as a client does: the directory is every client's, and a
// staff member works only some of them (reviewing is for admins).

/** Who asks: their id and whether they are an admin. */
export type Asker = { id: string; isAdmin: boolean };

type Row = typeof creditLoans.$inferSelect;
type Author = { id: string; name: string; email: string; role: Role } | null;

const ENTITY = 'credit_loan' as const;
const LINK = '/term-loan';

const canEdit = (asker: Asker, authorId: string) => asker.isAdmin || asker.id === authorId;

/** Staff see every offer; anyone else the approved ones and their own, whatever their state. */
const visibleTo = (asker: Asker): SQL | undefined =>
  asker.isAdmin ? undefined : or(eq(creditLoans.reviewState, 'approved'), eq(creditLoans.userId, asker.id));
const canSee = (asker: Asker, row: Row) => asker.isAdmin || row.reviewState === 'approved' || row.userId === asker.id;

function authorView(author: NonNullable<Author>, asker: Asker): Loan['author'] {
  const isAdmin = isStaffRole(author.role);
  const isYou = author.id === asker.id;
  return { name: asker.isAdmin || isAdmin || isYou ? author.name : null, isAdmin, isYou };
}

function toView(row: Row, author: Author, asker: Asker): Loan {
  return {
    id: row.id,
    title: row.title,
    aprRange: row.aprRange,
    loanAmount: row.loanAmount,
    termLength: row.termLength,
    applyUrl: row.applyUrl,
    createdAt: row.createdAt.toISOString(),
    author: author && authorView(author, asker),
    canEdit: canEdit(asker, row.userId),
    review: row.reviewState,
    rejectReason: row.reviewState === 'rejected' ? row.rejectReason : '',
  };
}

// The author joins in, so a page of offers is one query whatever its size.
const withAuthor = (db: Db) =>
  db
    .select({
      loan: creditLoans,
      authorId: authUsers.id,
      authorName: authUsers.name,
      authorEmail: authUsers.email,
      authorRole: authUsers.role,
    })
    .from(creditLoans)
    .leftJoin(authUsers, eq(authUsers.id, creditLoans.userId));

const authorOf = (r: {
  authorId: string | null;
  authorName: string | null;
  authorEmail: string | null;
  authorRole: Role | null;
}): Author =>
  r.authorId
    ? { id: r.authorId, name: r.authorName ?? '', email: r.authorEmail ?? '', role: r.authorRole ?? 'client' }
    : null;

/**
 * The offers the asker may see (optionally of one review state), a page at a time, each with its
 * author and whether the asker may edit it. Newest first; staff's queue (pending) oldest first.
 */
export async function listLoans(
  db: Db,
  asker: Asker,
  q: PageQuery & { review?: LoanReviewState },
): Promise<Page<Loan>> {
  const { limit, offset } = pageWindow(q);
  const where = and(visibleTo(asker), q.review ? eq(creditLoans.reviewState, q.review) : undefined);
  const order =
    q.review === 'pending'
      ? [asc(creditLoans.createdAt), asc(creditLoans.id)]
      : [desc(creditLoans.createdAt), desc(creditLoans.id)];
  const rows = withAuthor(db)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return toPage(
    q,
    rows.then((r) => r.map((row) => toView(row.loan, authorOf(row), asker))),
    db.$count(creditLoans, where),
  );
}

async function findLoan(db: Db, loanId: string) {
  const [row] = await withAuthor(db).where(eq(creditLoans.id, loanId));
  return row ? { loan: row.loan, author: authorOf(row) } : null;
}

export type LoanAccess =
  { status: 'ok'; loan: Row; author: Author } | { status: 'not-found' } | { status: 'not-yours' };

/** Whether the offer exists for the asker (another client's offer not yet approved does not) and they may change it (author or admin). */
export async function loanAccess(db: Db, asker: Asker, loanId: string): Promise<LoanAccess> {
  const found = await findLoan(db, loanId);
  if (!found || !canSee(asker, found.loan)) return { status: 'not-found' };
  if (!canEdit(asker, found.loan.userId)) return { status: 'not-yours' };
  return { status: 'ok', ...found };
}

/** A client's offer that now waits for review: staff are told in the same transaction (the bell); the mail to STAFF_EMAIL follows the commit. */
async function submitForReview(tx: Db, author: NonNullable<Author>, title: string, action: 'create' | 'update') {
  await notifyStaff(tx, {
    kind: 'loan_offer',
    clientId: author.id,
    title: `${author.name || author.email} ${action === 'create' ? 'added' : 'changed'} a loan offer waiting for review: ${title}`,
    link: `${LINK}?review=pending`,
  });
}

/** After the commit: a refused change queues no mail. The outbox retries delivery; only queueing can fail here. */
async function mailStaff(deps: Deps, author: NonNullable<Author>, input: LoanInput, resubmitted: boolean) {
  await deps.mailer.send(loanOfferMail(deps.config.staffEmail, author, input, resubmitted)).catch((e: unknown) => {
    deps.log.error(
      `loan offer mail for ${author.id} could not be queued: ${e instanceof Error ? e.message : String(e)}`,
    );
  });
}

/** Staff's offers are approved at once; a client's waits for review. */
export async function addLoan(deps: Deps, asker: Asker, input: LoanInput): Promise<Loan> {
  const { db } = deps;
  const { loan, me } = await db.transaction(async (tx) => {
    await enforceRecordLimit(tx, creditLoans.userId, asker.id, LIMITS.loanOffers, 'loan offers');
    const [row] = await tx
      .insert(creditLoans)
      .values({
        id: crypto.randomUUID(),
        userId: asker.id,
        ...input,
        reviewState: asker.isAdmin ? 'approved' : 'pending',
      })
      .returning();
    const [author] = await tx
      .select({ id: authUsers.id, name: authUsers.name, email: authUsers.email, role: authUsers.role })
      .from(authUsers)
      .where(eq(authUsers.id, asker.id));
    if (row.reviewState === 'pending' && author) await submitForReview(tx, author, row.title, 'create');
    return { loan: toView(row, author ?? null, asker), me: author };
  });
  if (loan.review === 'pending' && me) await mailStaff(deps, me, input, false);
  return loan;
}

/**
 * Whether a change goes back to review: a client's edit of their own rejected offer, or of an
 * approved one's address (what others would follow). Staff's edits keep the state.
 */
export function resubmits(asker: Asker, loan: Row, input: LoanInput) {
  if (asker.isAdmin) return false;
  return loan.reviewState === 'rejected' || (loan.reviewState === 'approved' && input.applyUrl !== loan.applyUrl);
}

/**
 * An admin's change to a client's offer is audited with that client as the subject (the log
 * answers "who else touched my data"); an author's own change, or one to staff's offer, is not.
 */
const auditFor = (asker: Asker, author: Author) =>
  asker.isAdmin && author && author.role === 'client' && author.id !== asker.id
    ? { clientId: author.id, actorId: asker.id, isAdmin: true }
    : null;

/** null when the offer is gone (deleted meanwhile). The caller checked loanAccess; the author is matched again so the check holds. */
export async function updateLoan(
  deps: Deps,
  asker: Asker,
  loan: Row,
  author: Author,
  input: LoanInput,
): Promise<Loan | null> {
  const { id: loanId, userId: authorId } = loan;
  const back = resubmits(asker, loan, input);
  const updated = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(creditLoans)
      .set({ ...input, updatedAt: new Date(), ...(back ? { reviewState: 'pending' as const, rejectReason: '' } : {}) })
      .where(and(eq(creditLoans.id, loanId), eq(creditLoans.userId, authorId)))
      .returning();
    if (!row) return null;
    const scope = auditFor(asker, author);
    if (scope) await recordAudit(tx, scope, { action: 'update', entityType: ENTITY, entityId: loanId });
    if (scope) await notifyStaffAction(tx, scope, { action: 'update', entityType: ENTITY });
    if (back && author) await submitForReview(tx, author, row.title, 'update');
    return toView(row, author, asker);
  });
  if (updated && back && author) await mailStaff(deps, author, input, true);
  return updated;
}

export async function deleteLoan(db: Db, asker: Asker, loan: Row, author: Author): Promise<boolean> {
  const { id: loanId, userId: authorId } = loan;
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(creditLoans)
      .where(and(eq(creditLoans.id, loanId), eq(creditLoans.userId, authorId)))
      .returning({ id: creditLoans.id });
    if (!rows.length) return false;
    const scope = auditFor(asker, author);
    if (scope) await recordAudit(tx, scope, { action: 'delete', entityType: ENTITY, entityId: loanId });
    if (scope) await notifyStaffAction(tx, scope, { action: 'delete', entityType: ENTITY });
    return true;
  });
}

export type ReviewResult =
  { status: 'ok'; loan: Loan } | { status: 'not-found' } | { status: 'same'; state: 'approved' | 'rejected' };

/**
 * Staff approve an offer (others see it from now on) or reject it (hidden from others, the reason
 * kept for its author). Audited for a client's offer, and its author notified, in one transaction.
 */
export async function reviewLoan(db: Db, admin: Asker, loanId: string, input: LoanReviewInput): Promise<ReviewResult> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ state: creditLoans.reviewState })
      .from(creditLoans)
      .where(eq(creditLoans.id, loanId))
      .for('update');
    if (!current) return { status: 'not-found' };
    if (current.state === input.state) return { status: 'same', state: input.state };
    const rejectReason = input.state === 'rejected' ? input.reason : '';
    await tx.update(creditLoans).set({ reviewState: input.state, rejectReason }).where(eq(creditLoans.id, loanId));
    const found = (await findLoan(tx, loanId))!;
    const { loan, author } = found;
    const scope = auditFor(admin, author);
    if (scope) await recordAudit(tx, scope, { action: 'update', entityType: ENTITY, entityId: loanId });
    if (author && author.id !== admin.id) {
      await notify(tx, {
        userId: author.id,
        clientId: author.id,
        kind: 'loan_offer',
        title:
          input.state === 'approved'
            ? `Your loan offer "${loan.title}" was approved: everyone can now see it`
            : `Your loan offer "${loan.title}" was not approved`,
        body: rejectReason ? `Reason: ${rejectReason}` : '',
        link: LINK,
      });
    }
    return { status: 'ok', loan: toView(loan, author, admin) };
  });
}

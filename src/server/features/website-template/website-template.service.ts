import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { websiteTemplates } from '../../db/schema';
import type { Scope } from '../../middleware/access';
import { recordAudit } from '../audit/audit.service';
import { notifyStaffAction } from '../notifications/staff-action';

// The client's one website template (the original product's website_templates: user_id, html_code).

export type WebsiteTemplate = { htmlCode: string; updatedAt: string };

const toView = (row: { htmlCode: string; updatedAt: Date }): WebsiteTemplate => ({
  htmlCode: row.htmlCode,
  updatedAt: row.updatedAt.toISOString(),
});

/** null when the client has saved none. */
export async function getTemplate(db: Db, clientId: string): Promise<WebsiteTemplate | null> {
  const [row] = await db
    .select({ htmlCode: websiteTemplates.htmlCode, updatedAt: websiteTemplates.updatedAt })
    .from(websiteTemplates)
    .where(eq(websiteTemplates.userId, clientId));
  return row ? toView(row) : null;
}

/** Inserts the client's template or replaces it (one row per client, safe when two saves meet); an admin's save is audited. */
export async function saveTemplate(db: Db, scope: Scope, htmlCode: string): Promise<WebsiteTemplate> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(websiteTemplates)
      .values({ userId: scope.clientId, htmlCode, updatedBy: scope.actorId })
      .onConflictDoUpdate({
        target: websiteTemplates.userId,
        set: { htmlCode, updatedBy: scope.actorId, updatedAt: sql`now()` },
      })
      .returning({ htmlCode: websiteTemplates.htmlCode, updatedAt: websiteTemplates.updatedAt });
    await recordAudit(tx, scope, { action: 'update', entityType: 'website_template', entityId: scope.clientId });
    await notifyStaffAction(tx, scope, { action: 'update', entityType: 'website_template' });
    return toView(row);
  });
}

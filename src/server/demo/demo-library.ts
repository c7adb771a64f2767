import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { changeRequestState, createRequest } from '../features/automations/automation-requests.service';
import { cleanAutomationHtml } from '../features/automations/automation-html';
import { addAutomation } from '../features/automations/automations.service';
import { markRead, sendMessage } from '../features/support/support.service';
import { addVideo, setIntro } from '../features/training/training.service';
import { saveProgress } from '../features/training/training-progress.service';
import { addResource } from '../features/training/training-resources.service';
import { automationInput, automationRequestInput, automationRequestStateInput } from '../../shared/automations';
import { supportMessageInput } from '../../shared/support';
import { progressInput, videoFields } from '../../shared/training';
import { ownScope, parse, staffScope, type DemoContext } from './demo-context';
import { demoMedia, pdfUpload } from './demo-files';

// What staff publish for everyone (training videos, automations) and the client's conversations
// with staff (an automation request, a Support Chat thread).

const VIDEOS = [
  {
    title: 'Welcome to your build-out',
    duration: '0:06',
    description: 'How the portal is organised and what to do in your first week.',
  },
  {
    title: 'Opening your business bank account',
    duration: '0:06',
    description: 'What the bank will ask for, and how to record the account here.',
  },
  {
    title: 'Your first tradelines',
    duration: '0:06',
    description: 'Store cards and First Step accounts that report to the business bureaus.',
  },
];

/** Three videos (the sample clip, stored as an admin's upload is), the first as the intro, with a workbook. */
export async function addTraining(ctx: DemoContext) {
  const { db, storage } = ctx.deps;
  const ids: string[] = [];
  for (const v of VIDEOS) {
    const video = demoMedia.video();
    const thumbnail = demoMedia.thumbnail();
    const videoKey = `training-videos/videos/${randomUUID()}.webm`;
    const thumbnailKey = `training-videos/thumbnails/${randomUUID()}.png`;
    await storage.put(videoKey, Readable.from([video]), { contentType: 'video/webm', size: video.length });
    await storage.put(thumbnailKey, Readable.from([thumbnail]), { contentType: 'image/png', size: thumbnail.length });
    const added = await addVideo(db, ctx.admin.id, parse(videoFields, v), {
      video: { key: videoKey, contentType: 'video/webm', size: video.length },
      thumbnail: { key: thumbnailKey, contentType: 'image/png', size: thumbnail.length },
    });
    ids.push(added.id);
  }
  await setIntro(db, ids[0]);
  await addResource(
    db,
    storage,
    ids[0],
    pdfUpload('First week checklist.pdf', 'First week checklist', [
      '1. Complete your My Account section',
      '2. Download your free guide',
      '3. Contact support to plan your build-out',
    ]),
    'First week checklist',
  );
  // Client 1 watched the intro and half of the banking video.
  await saveProgress(db, ctx.client.id, ids[0], parse(progressInput, { positionSeconds: 6, durationSeconds: 6 }));
  await saveProgress(db, ctx.client.id, ids[1], parse(progressInput, { positionSeconds: 3, durationSeconds: 6 }));
}

const AUTOMATIONS = [
  {
    name: 'Invoice reminders',
    type: 'Accounting',
    description: '<p>Sends a friendly reminder 3 days before an invoice is due, and again when it is overdue.</p>',
    isAutoSync: true,
    isNotification: true,
    emoji: '📈',
  },
  {
    name: 'New review alert',
    type: 'Marketing',
    description: '<p>Posts new Google and Yelp reviews to your inbox so you can answer them the same day.</p>',
    isNotification: true,
    emoji: '🎯',
  },
  {
    name: 'Bank feed sync',
    type: 'Banking',
    description: '<p>Brings your bank transactions into your books every night.</p>',
    isAutoSync: true,
    emoji: '🔄',
  },
] as const;

/** Loads the automations' HTML sanitiser ahead of addAutomations. */
export const prepareAutomations = () => cleanAutomationHtml('<p>demo</p>');

export async function addAutomations(ctx: DemoContext) {
  for (const a of AUTOMATIONS) await addAutomation(ctx.deps.db, ctx.admin.id, parse(automationInput, a));
  const request = await createRequest(
    ctx.deps,
    ownScope(ctx.client.id),
    parse(automationRequestInput, {
      type: 'Inventory',
      description: 'Could you set up an alert when green coffee stock drops below two bags?',
      priority: 'Medium',
    }),
  );
  await changeRequestState(
    ctx.deps.db,
    { id: ctx.admin.id, role: 'admin' },
    request.id,
    parse(automationRequestStateInput, { state: 'in_progress', reason: '' }),
  );
}

const CHAT = [
  {
    from: 'client',
    body: 'Hi! I uploaded the EIN letter and the operating agreement. Is there anything else you need before I apply for the Net 30 accounts?',
  },
  {
    from: 'staff',
    body: 'Thanks Maya, both look good. Please add your business phone to your D-U-N-S listing first; Summit Office Supply checks it.',
  },
  { from: 'client', body: 'Done, the listing shows the (512) 555-0148 number now.' },
  {
    from: 'staff',
    body: 'Perfect. You can apply for Summit and Quill this week. Your PAYDEX should start moving once two of them report.',
  },
] as const;

/** A Support Chat thread; the client has read all but the newest reply. */
export async function addSupportChat(ctx: DemoContext) {
  const { db } = ctx.deps;
  const ids: number[] = [];
  for (const m of CHAT) {
    const scope = m.from === 'client' ? ownScope(ctx.client.id) : staffScope(ctx, ctx.client.id);
    const message = await sendMessage(db, scope, { body: parse(supportMessageInput, { body: m.body }).body });
    ids.push(message.id);
  }
  await markRead(db, ownScope(ctx.client.id), ids[ids.length - 2]);
  await markRead(db, staffScope(ctx, ctx.client.id), ids[ids.length - 1]);
}

import { z } from 'zod';
import { textField } from './fields';
import { pageFields } from './paging';
import { multiLine } from './text';
import { AUTOMATION_HTML_MAX, AUTOMATION_PAGE_SIZE, MAX_AUTOMATIONS } from './automations-rules';
export { MAX_AUTOMATIONS, AUTOMATION_HTML_MAX } from './automations-rules';

// Automations and automation requests.

/** The original product's 20 emoji choices; the default is the first. */
export const AUTOMATION_EMOJI = [
  '⚙️',
  '🔧',
  '🔨',
  '🛠️',
  '⏱️',
  '📊',
  '📈',
  '🤖',
  '👨‍💻',
  '💡',
  '🔌',
  '🔋',
  '💻',
  '🖥️',
  '📱',
  '🔄',
  '⚡',
  '🎯',
  '📦',
  '📌',
] as const;
export const DEFAULT_AUTOMATION_EMOJI = AUTOMATION_EMOJI[0];
export const DEFAULT_AUTOMATION_TYPE = 'Custom';
export const NO_AUTOMATIONS = 'No automations configured yet';
export const DELETE_AUTOMATION_CONFIRM = 'Are you sure you want to delete this automation?';

/** A missing status reads as pending; badge green for active, yellow otherwise. */
export const automationStatusLabel = (status: string | null) => status ?? 'pending';
export const automationStatusColour = (status: string | null): 'green' | 'yellow' =>
  status === 'active' ? 'green' : 'yellow';

const html = (label: string) =>
  z
    .string(`${label} must be text.`)
    .max(AUTOMATION_HTML_MAX, `${label} can be at most ${AUTOMATION_HTML_MAX.toLocaleString('en-US')} characters.`)
    .check(multiLine(label))
    .default('');

// Every client sees the catalogue: one click on an empty form must not publish a nameless automation.
export const AUTOMATION_NAME_REQUIRED = 'Enter a name for the automation.';
// Staff are mailed each request: an empty one tells them nothing.
export const REQUEST_DESCRIPTION_REQUIRED = 'Describe what you would like automated.';

/** Add and edit (multipart fields or JSON): the image travels as a file of its own. */
export const automationInput = z
  .object({
    name: textField(200, 'Name').refine((s) => s !== '', AUTOMATION_NAME_REQUIRED),
    type: textField(100, 'Type').transform((s) => s || DEFAULT_AUTOMATION_TYPE),
    description: html('Description'),
    notes: html('Notes'),
    isAutoSync: z.boolean('Auto-sync must be true or false.').default(false),
    isNotification: z.boolean('Notification must be true or false.').default(false),
    emoji: z.enum(AUTOMATION_EMOJI, 'Choose one of the 20 emoji.').default(DEFAULT_AUTOMATION_EMOJI),
  })
  .strict();
export type AutomationInput = z.input<typeof automationInput>;

/** Save Order: every automation's id in the new order (renumbered from 1). */
export const automationOrderInput = z
  .object({
    ids: z.array(z.string().min(1).max(100), 'The order must be a list of automations.').min(1).max(MAX_AUTOMATIONS),
  })
  .strict()
  .refine((o) => new Set(o.ids).size === o.ids.length, 'Each automation can appear only once in the order.');

export const REQUEST_PRIORITIES = ['High', 'Medium', 'Low'] as const;
export const REQUEST_STATES = ['received', 'in_progress', 'done', 'declined'] as const;
export type RequestState = (typeof REQUEST_STATES)[number];
export const REQUEST_STATE_LABELS: Record<RequestState, string> = {
  received: 'Received',
  in_progress: 'In progress',
  done: 'Done',
  declined: 'Declined',
};
/** Where staff may move a request: Received -> In progress -> Done or Declined. */
export const REQUEST_TRANSITIONS: Record<RequestState, readonly RequestState[]> = {
  received: ['in_progress', 'declined'],
  in_progress: ['done', 'declined'],
  done: [],
  declined: [],
};

export const automationRequestInput = z
  .object({
    type: textField(100, 'Type'),
    description: textField(5000, 'Description', 'many').refine((s) => s !== '', REQUEST_DESCRIPTION_REQUIRED),
    priority: z.enum(REQUEST_PRIORITIES, 'Priority must be High, Medium or Low.').default('Medium'),
  })
  .strict();
export type AutomationRequestInput = z.input<typeof automationRequestInput>;
export const automationRequestStateInput = z
  .object({
    state: z.enum(REQUEST_STATES, 'State must be received, in_progress, done or declined.'),
    reason: textField(1000, 'Reason', 'many'),
  })
  .strict()
  .refine((s) => s.state !== 'declined' || s.reason !== '', {
    message: 'Say why the request is declined.',
    path: ['reason'],
  });

// --- API shapes --------------------------------------------------------------------

/** An automation's image: PNG, JPEG, WebP or GIF recognised by content (never SVG), at most 5 MB. */
export const MAX_AUTOMATION_IMAGE_BYTES = 5 * 1024 * 1024;
export const AUTOMATION_IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';
export const WRONG_AUTOMATION_IMAGE = 'The image must be a PNG, JPEG, WebP or GIF picture.';
export const AUTOMATION_NOT_FOUND = 'Automation not found';
export const AUTOMATION_REQUEST_NOT_FOUND = 'Request not found';
export const AUTOMATION_ORDER_CHANGED = 'The list of automations changed. Reload and try again.';

export type Automation = {
  id: string;
  name: string;
  type: string;
  description: string;
  notes: string;
  isAutoSync: boolean;
  isNotification: boolean;
  emoji: string;
  status: string | null;
  displayOrder: number;
  /** The authorised image route, or null without an image. */
  imageUrl: string | null;
  createdAt: string;
  updatedAt: string;
};

export type AutomationRequest = {
  id: string;
  clientId: string;
  /** The client's name (or e-mail when no name); in the admins' list. */
  clientName: string;
  type: string;
  description: string;
  priority: (typeof REQUEST_PRIORITIES)[number];
  state: RequestState;
  declineReason: string;
  createdAt: string;
  updatedAt: string;
};

/** GET /api/automations */
export const automationListQuery = z.object(pageFields(AUTOMATION_PAGE_SIZE, AUTOMATION_PAGE_SIZE)).strict();
const stateFilter = z.enum(REQUEST_STATES, 'State must be received, in_progress, done or declined.').optional();
/** GET /api/clients/:clientId/automation-requests */
export const ownRequestListQuery = z.object({ ...pageFields(50), state: stateFilter }).strict();
/** GET /api/automation-requests (admins) */
export const allRequestListQuery = z
  .object({
    ...pageFields(50),
    state: stateFilter,
    clientId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,100}$/, 'Client id must be 1-100 letters, digits, - or _')
      .optional(),
  })
  .strict();

/** The states staff may move a request to from `state`. */

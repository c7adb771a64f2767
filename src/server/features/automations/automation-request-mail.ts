import { branding } from '../../../shared/branding';
import type { MailMessage } from '../../mail/mailer';
import { staffMail } from '../../mail/staff-mail';

type Client = { id: string; email: string; name: string };
type Request = { type: string; description: string; priority: string };

/** To staff: a client requests an automation. Everything the client typed is escaped. */
export function automationRequestMail(to: string, client: Client, request: Request): MailMessage {
  return staffMail(to, {
    subject: `${branding.productName} - Automation request (${request.priority} priority)`,
    intro: 'A client has requested an automation.',
    rows: [
      ['Client ID', client.id],
      ['Email', client.email],
      ['Name', client.name || '(not given)'],
      ['Type', request.type || '(not given)'],
      ['Priority', request.priority],
    ],
    note: { label: 'Description', text: request.description, none: 'The client gave no description.' },
    ask: 'Review it under Automations > Requests and move it along.',
  });
}

import { branding } from '../../../shared/branding';
import { planSummary, type Program } from '../../../shared/programs';
import type { MailMessage } from '../../mail/mailer';
import { staffMail } from '../../mail/staff-mail';

type Client = { id: string; email: string; name: string };

/** To staff: a client asks for payment instructions for a program. */
export function programRequestMail(to: string, client: Client, program: Program, note: string): MailMessage {
  return staffMail(to, {
    subject: `${branding.productName} - Payment Request for ${program.name}`,
    intro: 'A client has requested a payment for a build-out program.',
    rows: [
      ['Client ID', client.id],
      ['Email', client.email],
      ['Name', client.name || '(not given)'],
      ['Program', program.name],
      ['Description', program.description],
      ['Plan', planSummary(program)],
    ],
    note: { label: 'Client note', text: note, none: 'The client left no note.' },
    ask: 'Please contact the client with payment instructions.',
  });
}

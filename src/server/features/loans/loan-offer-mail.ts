import { branding } from '../../../shared/branding';
import type { LoanInput } from '../../../shared/loans';
import type { MailMessage } from '../../mail/mailer';
import { staffMail } from '../../mail/staff-mail';

type Client = { id: string; email: string; name: string };

/**
 * To staff: a client's loan offer waits for review (new, or its address changed). The address is
 * plain text, not a link: it is what staff are to check before anyone follows it.
 */
export function loanOfferMail(to: string, client: Client, loan: LoanInput, resubmitted: boolean): MailMessage {
  return staffMail(to, {
    subject: `${branding.productName} - Loan offer waiting for review`,
    intro: resubmitted
      ? 'A client changed a loan offer, which waits for review again.'
      : 'A client added a loan offer, which waits for review.',
    rows: [
      ['Client ID', client.id],
      ['Email', client.email],
      ['Name', client.name || '(not given)'],
      ['Title', loan.title],
      ['Apply URL', loan.applyUrl || '(none)'],
      ['APR range', loan.aprRange || '(not given)'],
      ['Loan amount', loan.loanAmount || '(not given)'],
      ['Term length', loan.termLength || '(not given)'],
    ],
    ask: 'Approve or reject it on the Credit & Loans page, under Waiting for review. Others see it only once approved.',
  });
}

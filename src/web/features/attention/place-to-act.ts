import type { AttentionItem } from '../../../shared/attention-rules';

/**
 * Where staff handle an item: the page a member of staff acts on for that client (the client
 * chosen through `?client=`, as the client selector does), opened on the thing itself where the
 * page can (the conversation, the task). Link text: what the person will do there.
 */
export function placeToAct(item: AttentionItem): { to: string; label: string } {
  const client = `client=${encodeURIComponent(item.clientId)}`;
  switch (item.reason) {
    case 'chat_new':
    case 'chat_reply':
      return { to: `/support?conversation=${encodeURIComponent(item.clientId)}`, label: 'Answer the chat' };
    case 'document_submitted':
      return { to: `/compliance?${client}&task=${item.ref}`, label: 'Review the document' };
    case 'task_overdue':
      return { to: `/compliance?${client}&task=${item.ref}`, label: 'Open the task' };
    case 'no_progress':
      return { to: `/compliance?${client}`, label: 'See the build-out' };
    case 'payment_pending':
    case 'program_request':
      return { to: `/account?${client}`, label: 'Open payments' };
    case 'automation_request':
      return { to: `/automations?${client}`, label: 'Open the request' };
    case 'tradeline_stale':
      return { to: `/dnb?${client}`, label: 'Open tradelines' };
    case 'invoice_overdue':
      return { to: `/dnb?${client}`, label: 'See the invoices' };
    case 'instalment_unpaid':
      return { to: `/account?${client}`, label: 'See the instalments' };
    case 'loan_review':
      return { to: '/term-loan?review=pending', label: 'Review the offer' };
  }
}

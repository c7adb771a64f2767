import { reorderDialogFor } from '../../components/reorder-dialog';
import { everyAutomationQuery, useSaveAutomationOrder } from './api';

/** Re-order Automations (as in the original product: select, click again to deselect, Move Up / Move Down, Save Order). */
export const ReorderDialog = reorderDialogFor({
  title: 'Re-order Automations',
  description: 'Select an automation, then move it up or down. Save Order applies the new order.',
  noun: 'automations',
  query: everyAutomationQuery,
  useSave: useSaveAutomationOrder,
  renderItem: (a) => (
    <>
      <span aria-hidden>{a.emoji}</span>
      <span className="min-w-0 flex-1 truncate">{a.name || 'Untitled automation'}</span>
    </>
  ),
  savedMessage: 'Automation order saved.',
  failedMessage: (reason) => `Could not save the order: ${reason}`,
});

import { reorderDialogFor } from '../../components/reorder-dialog';
import { saveOrderFailed } from '../../../shared/training-rules';
import { everyVideoQuery, useSaveOrder } from './api';

/** Re-order Videos: pick a title, move it up or down, save the whole order (renumbered 1..n). */
export const ReorderDialog = reorderDialogFor({
  title: 'Re-order Videos',
  description: 'Choose a video, then move it up or down. Save to apply the new order.',
  noun: 'videos',
  query: everyVideoQuery,
  useSave: useSaveOrder,
  renderItem: (v) => <span className="min-w-0 flex-1 truncate">{v.title}</span>,
  savedMessage: 'Video order saved.',
  failedMessage: saveOrderFailed,
});

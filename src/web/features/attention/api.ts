import { pagedListOptions } from '../../lib/paged-list';
import { api, unwrap } from '../../lib/api-client';
import type { AttentionReason } from '../../../shared/attention-rules';
import { attentionKeys } from './counts-query';

/** A page of the queue, longest waiting first: of one reason or all, of one staff member's clients (admins) or all. */
export const attentionListQuery = (reason: AttentionReason | undefined, staffId: string) =>
  pagedListOptions(attentionKeys.list(reason ?? '', staffId), async (page) =>
    unwrap(
      await api.attention.$get({
        query: { page, pageSize: '50', ...(reason ? { reason } : {}), ...(staffId ? { staffId } : {}) },
      }),
    ),
  );

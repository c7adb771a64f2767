import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';
import { pagedListOptions } from '../../lib/paged-list';
import type { LoanInput, LoanReviewInput } from '../../../shared/loans';

export const loanKeys = { all: ['loans'] as const, waiting: ['loans', 'pending'] as const };

/** The shared directory, newest first, a page at a time; `waiting`: staff's review queue, oldest first. */
export const loansQuery = (waiting = false) =>
  pagedListOptions(waiting ? loanKeys.waiting : loanKeys.all, async (page) =>
    unwrap(await api.loans.$get({ query: waiting ? { page, review: 'pending' } : { page } })),
  );

const useInvalidate = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: loanKeys.all });
};

export function useCreateLoan() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (json: LoanInput) => (await unwrap(await api.loans.$post({ json }))).loan,
    onSuccess: invalidate,
  });
}

export function useUpdateLoan(loanId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (json: LoanInput) =>
      (await unwrap(await api.loans[':loanId'].$patch({ param: { loanId }, json }))).loan,
    onSuccess: invalidate,
  });
}

export function useDeleteLoan(loanId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async () => unwrap(await api.loans[':loanId'].$delete({ param: { loanId } })),
    onSuccess: invalidate,
  });
}

/** Staff approve or reject (with an optional reason) one offer. */
export function useReviewLoan(loanId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (json: LoanReviewInput) =>
      (await unwrap(await api.loans[':loanId'].review.$post({ param: { loanId }, json }))).loan,
    onSuccess: invalidate,
  });
}

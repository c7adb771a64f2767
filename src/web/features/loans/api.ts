import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';
import { pagedListOptions } from '../../lib/paged-list';
import type { Page } from '../../../shared/paging';
import type { Loan, LoanInput } from '../../../shared/loans';

export const loanKeys = { all: ['loans'] as const };

/** The shared directory, newest first, a page at a time. */
export const loansQuery = () => pagedListOptions(loanKeys.all, async (page) => unwrap<Page<Loan>>(await api.loans.$get({ query: { page } })));

const useInvalidate = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: loanKeys.all });
};

export function useCreateLoan() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (json: LoanInput) => (await unwrap<{ loan: Loan }>(await api.loans.$post({ json }))).loan,
    onSuccess: invalidate,
  });
}

export function useUpdateLoan(loanId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (json: LoanInput) => (await unwrap<{ loan: Loan }>(await api.loans[':loanId'].$patch({ param: { loanId }, json }))).loan,
    onSuccess: invalidate,
  });
}

export function useDeleteLoan(loanId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async () => unwrap<{ ok: true }>(await api.loans[':loanId'].$delete({ param: { loanId } })),
    onSuccess: invalidate,
  });
}

import { useQuery } from '@tanstack/react-query';
import { type ClaimPreviewQuery, claimPreviewQuerySchema, expenseWindow, isWithin } from '@portal/contracts';
import { apiRequest } from '../../../lib/api';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

export interface ClaimPreviewInput {
  readonly projectId: number | null;
  readonly date: string;
  readonly currency: string | null;
  readonly amount: string;
}

/** The inputs as the API will parse them, or null while one is missing or would be refused. */
function previewQueryOf(input: ClaimPreviewInput, today: string): ClaimPreviewQuery | null {
  const parsed = claimPreviewQuerySchema.safeParse({
    projectId: input.projectId === null ? '' : String(input.projectId),
    date: input.date,
    currency: input.currency ?? '',
    amount: input.amount,
  });
  if (!parsed.success || !isWithin(parsed.data.date, expenseWindow(today))) return null;
  return parsed.data;
}

/**
 * `GET /api/expenses/claim-preview`: the claimed amount and rate the server would save, asked once
 * the inputs are complete and have settled (debounced), cached by the inputs.
 */
export function useClaimPreview(input: ClaimPreviewInput, today: string) {
  const query = useDebouncedValue(previewQueryOf(input, today));
  const current = previewQueryOf(input, today);
  const settled = query !== null && JSON.stringify(query) === JSON.stringify(current);
  const result = useQuery({
    queryKey: ['expenses', 'claim-preview', query],
    queryFn: ({ signal }) =>
      apiRequest('GET', '/api/expenses/claim-preview', {
        query: query ?? {},
        signal,
      }),
    enabled: settled,
    staleTime: 60_000,
    retry: false,
  });
  return { ...result, isComplete: current !== null, isSettled: settled };
}

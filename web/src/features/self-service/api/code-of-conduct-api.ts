import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, SubmissionKeys } from '../../../lib/api';
import { useCommandMutation } from '../../../lib/command-mutation';
import { codeOfConductKey, refreshAfterAcknowledgement } from './refresh-after-acknowledgement';

/** `GET /api/me/code-of-conduct`: whether (and when) the person acknowledged. */
export const codeOfConductQuery = queryOptions({
  queryKey: codeOfConductKey,
  queryFn: ({ signal }) => apiRequest('GET', '/api/me/code-of-conduct', { signal }),
});

export const useCodeOfConduct = () => useQuery(codeOfConductQuery);

const submissions = new SubmissionKeys();

/** `POST /api/me/code-of-conduct`: the box ticked and Yes answered. */
export function useAcknowledgeCodeOfConduct() {
  return useCommandMutation(
    submissions,
    (request: { acknowledged: true }) =>
      apiRequest('POST', '/api/me/code-of-conduct', {
        body: request,
        idempotencyKey: submissions.keyFor(request),
      }),
    refreshAfterAcknowledgement,
  );
}

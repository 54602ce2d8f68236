import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SkillAssessmentRequest } from '@portal/contracts';
import { apiRequest } from '../../../lib/api';

const mySkillsKey = ['me', 'skills'] as const;

export const mySkillsQuery = queryOptions({
  queryKey: mySkillsKey,
  queryFn: ({ signal }) => apiRequest('GET', '/api/me/skills', { signal }),
});

export const useMySkills = () => useQuery(mySkillsQuery);

/** PUT /api/me/skills: add a skill or change its level. */
export function useAssessSkill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SkillAssessmentRequest) => apiRequest('PUT', '/api/me/skills', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mySkillsKey }),
  });
}

/** DELETE /api/me/skills/:skill */
export function useRemoveSkill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (skill: string) => apiRequest('DELETE', `/api/me/skills/${encodeURIComponent(skill)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mySkillsKey }),
  });
}

import { addDays } from '@portal/contracts';
import type { TestApp } from './app-harness';
import { runToday } from './dates';
import { textPdf } from './documents';

/** A real one-page PDF: the resume check reads the whole file. */
export const RESUME_PDF = textPdf(['Resume of a candidate']);

// A candidate who applied five weeks before the run's day and was interviewed a week later.
export const APPLIED = addDays(runToday(), -35);
export const INTERVIEWED = addDays(APPLIED, 7);

/** POST /api/admin/hiring/resumes: one file in the field `file`, as the web's form sends it. */
export async function uploadResume(
  t: TestApp,
  token: string,
  bytes: Uint8Array,
  name: string,
  type = 'application/pdf',
): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), name);
  const response = await fetch(`${t.baseUrl}/api/admin/hiring/resumes`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** An upload that must be accepted: its resume id. */
export async function uploadedResume(
  t: TestApp,
  token: string,
  bytes: Uint8Array = RESUME_PDF,
): Promise<string> {
  const answer = await uploadResume(t, token, bytes, 'cv.pdf');
  expect(answer.status).toBe(201);
  return answer.body.resumeId as string;
}

/** The add (or edit) form of a candidate naming `resumeId`. */
export function candidateForm(resumeId: string, overrides: Record<string, unknown> = {}) {
  return {
    ownerId: null,
    discipline: 'Civil Engineering',
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@example.com',
    localToCalgary: true,
    applicationDate: APPLIED,
    interviewDate: INTERVIEWED,
    interviewNotes: 'Strong on structures.',
    status: 'Shortlisted',
    resumeId,
    ...overrides,
  };
}

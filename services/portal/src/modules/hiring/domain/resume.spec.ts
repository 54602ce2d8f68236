import { candidateMessages as msg, type ResumeUploaded } from '@portal/contracts';
import { broken, given } from '../../../kernel/testing/given-when-then';
import { resumeDecider, type AttachResume, type ResumeEvent } from './resume';

const RESUME = 'aaaaaaaa-bbbb-5ccc-8ddd-eeeeeeeeeeee';
const CANDIDATE = '11111111-2222-5333-8444-555555555555';
const OTHER = '66666666-7777-5888-8999-000000000000';

const uploaded = (ownerScope: number | null): ResumeEvent => ({
  type: 'ResumeUploaded',
  data: {
    resumeId: RESUME,
    contentType: 'application/pdf',
    size: 10,
    sha256: 'ab',
    uploadedBy: 1,
    ownerScope,
  } satisfies ResumeUploaded,
});
const attached = (candidateId: string): ResumeEvent => ({
  type: 'ResumeAttached',
  data: { resumeId: RESUME, candidateId },
});
const attach = (ownerScope: number | null, candidateId = CANDIDATE): AttachResume => ({
  type: 'AttachResume',
  resumeId: RESUME,
  candidateId,
  editor: { ownerScope },
});

describe('naming a resume on a candidate', () => {
  it('attaches an upload of the editor’s own scope, once', () => {
    expect(given(resumeDecider, [uploaded(null)]).when(attach(null)).events).toEqual([attached(CANDIDATE)]);
    expect(given(resumeDecider, [uploaded(2)]).when(attach(2)).events).toEqual([attached(CANDIDATE)]);
    expect(given(resumeDecider, [uploaded(2), attached(CANDIDATE)]).when(attach(2)).events).toEqual([]);
  });

  it('refuses an unrecorded upload and another scope’s alike, on resumeId', () => {
    for (const refused of [
      given(resumeDecider).when(attach(null)),
      given(resumeDecider, [uploaded(null)]).when(attach(2)),
      given(resumeDecider, [uploaded(2)]).when(attach(null)),
    ]) {
      expect(broken(refused).problems).toEqual([{ path: 'resumeId', message: msg.resumeUnknown }]);
    }
  });

  it('refuses a resume another candidate holds', () => {
    const refused = broken(given(resumeDecider, [uploaded(null), attached(OTHER)]).when(attach(null)));
    expect(refused.problems).toEqual([{ path: 'resumeId', message: msg.resumeTaken }]);
  });
});

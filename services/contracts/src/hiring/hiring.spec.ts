// Fixed dates: a candidate's application date, form input checked by the schema.
import { candidateRequestSchema } from './api';
import { candidateMessages, checkResumeFile, MAX_RESUME_BYTES, resumeMessages, resumeTypeOf } from './hiring';

const bytes = (hex: string) => Uint8Array.from(Buffer.from(hex.replace(/\s/g, ''), 'hex'));

describe('a resume is known by its first bytes', () => {
  it.each([
    ['89504e470d0a1a0a 0000', 'image/png'],
    ['ffd8ffe0 0010', 'image/jpeg'],
    ['255044462d312e34', 'application/pdf'],
    ['d0cf11e0a1b11ae1 0000', 'application/msword'],
  ])('%s is %s', (head, type) => {
    expect(resumeTypeOf(bytes(head))).toBe(type);
  });

  it('waits while the bytes so far still begin a signature, and refuses anything else', () => {
    expect(resumeTypeOf(bytes('2550'))).toBe('undecided');
    expect(resumeTypeOf(bytes('89504e47'))).toBe('undecided');
    expect(resumeTypeOf(Buffer.from('plain text renamed .pdf'))).toBeNull();
    expect(resumeTypeOf(bytes('504b0304'))).toBeNull(); // a .docx (zip) is not msword
  });
});

describe('the browser checks before sending', () => {
  it('one file, not empty, at most 10 MB', () => {
    expect(checkResumeFile([{ size: MAX_RESUME_BYTES }])).toBeNull();
    expect(checkResumeFile([{ size: MAX_RESUME_BYTES + 1 }])).toBe(resumeMessages.tooLarge);
    expect(checkResumeFile([{ size: 0 }])).toBe(resumeMessages.empty);
    expect(checkResumeFile([{ size: 1 }, { size: 1 }])).toBe(resumeMessages.oneFile);
  });
});

describe('the candidate form', () => {
  it('trims text, takes blank notes and interview date as none', () => {
    const parsed = candidateRequestSchema.parse({
      ownerId: null,
      discipline: ' Civil ',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: ' ada@example.com ',
      localToCalgary: true,
      applicationDate: '2026-01-05',
      interviewDate: '',
      interviewNotes: '  ',
      status: 'Onboarding',
      resumeId: 'aaaaaaaa-bbbb-5ccc-8ddd-eeeeeeeeeeee',
    });
    expect(parsed).toMatchObject({
      discipline: 'Civil',
      email: 'ada@example.com',
      interviewDate: null,
      interviewNotes: null,
    });
  });

  const valid = {
    discipline: 'Civil',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    applicationDate: '2026-01-05',
    status: 'Onboarding',
    resumeId: 'aaaaaaaa-bbbb-5ccc-8ddd-eeeeeeeeeeee',
  };

  it('takes an absent organisation as the default one, like null', () => {
    expect(candidateRequestSchema.parse(valid).ownerId).toBeNull();
    expect(candidateRequestSchema.parse({ ...valid, ownerId: undefined }).ownerId).toBeNull();
    expect(candidateRequestSchema.parse({ ...valid, ownerId: 2 }).ownerId).toBe(2);
  });

  it('refuses any other organisation, naming the field', () => {
    const parsed = candidateRequestSchema.safeParse({ ...valid, ownerId: 3 });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({ path: ['ownerId'], message: candidateMessages.ownerInvalid }),
    ]);
    expect(candidateMessages.ownerInvalid).toBe('Organisation must be 1 or 2.');
  });
});

// Over 350 lines on purpose: the whole hiring API over one app (another app costs seconds per spec).
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import {
  addDays,
  candidateMessages as msg,
  MAX_RESUME_BYTES,
  resumeMessages,
  type CandidateView,
} from '@portal/contracts';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../../../test/app-harness';
import { htmlBehindPdfHeader, packedPdf, pngImage, textPdfOfSize, wordDoc } from '../../../test/documents';
import { expectRefused } from '../../../test/event-log';
import {
  APPLIED,
  candidateForm,
  INTERVIEWED,
  RESUME_PDF as PDF,
  uploadedResume as uploadedBy,
  uploadResume,
} from '../../../test/hiring-fixtures';
import { InMemoryStaffDirectory, testPerson } from '../../../test/in-memory-staff-directory';
import { PersonalDataCipher } from '../../platform/crypto/personal-data-cipher';
import { EventStore } from '../../platform/event-store/event-store.port';
import { FileStorage } from '../../platform/files/file-storage.port';
import type { LocalFileStorage } from '../../platform/files/local-file-storage';

const ADA = 1; // firm admin
const EMIL = 2; // employee
const SOFIA = 3; // sightstream admin (owner 2)

// The candidate of the fixtures' form (applied five weeks ago), interviewed again two days after.
const INTERVIEWED_AGAIN = addDays(INTERVIEWED, 2);

const DOC = wordDoc();
let PNG: Buffer;

let t: TestApp;
let dataDir: string;
let filesFolder: string;
let ada: string;
let emil: string;
let sofia: string;

beforeAll(async () => {
  PNG = await pngImage();
  dataDir = await mkdtemp(join(tmpdir(), 'hiring-int-'));
  t = await startTestApp({
    env: { DATA_DIR: dataDir },
    staffDirectory: new InMemoryStaffDirectory([
      testPerson(ADA, 'Ada Admin', { isAdmin: true }),
      testPerson(EMIL, 'Emil Employee'),
      testPerson(SOFIA, 'Sofia Sight', { isAdmin: true, userType: 'sightstream' }),
    ]),
  });
  filesFolder = (t.app.get(FileStorage) as LocalFileStorage).folder;
  [ada, emil, sofia] = await Promise.all([t.signIn(ADA), t.signIn(EMIL), t.signIn(SOFIA)]);
});

afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function resumeFiles(): Promise<string[]> {
  const entries = await readdir(join(filesFolder, 'resumes'), { recursive: true, withFileTypes: true }).catch(
    () => [],
  );
  return entries.filter((e) => e.isFile()).map((e) => relative(filesFolder, join(e.parentPath, e.name)));
}

const upload = (token: string, bytes: Uint8Array, name: string, type?: string) =>
  uploadResume(t, token, bytes, name, type);
const uploadedResume = (token: string, bytes: Uint8Array = PDF) => uploadedBy(t, token, bytes);
const form = candidateForm;

async function list(token: string): Promise<CandidateView[]> {
  const answer = await t.http('GET', '/api/admin/hiring/candidates', { token });
  expect(answer.status).toBe(200);
  return answer.body as CandidateView[];
}

async function add(token: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const resumeId = await uploadedResume(token);
  const answer = await t.http('POST', '/api/admin/hiring/candidates', {
    token,
    body: form(resumeId, overrides),
  });
  expect(answer.status).toBe(201);
  return answer.body.candidateId as string;
}

async function dataKeyCount(): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from personal_data_keys where subject like 'candidate-%'`.execute(t.db.db);
  return Number(rows[0].n);
}

const streamOf = (id: string) => t.app.get(EventStore).readStream(`candidate-${id}`);

/** A firm admin's candidate, with their resume file stored. */
async function addedWithResume(overrides: Record<string, unknown>) {
  const id = await add(ada, overrides);
  const [row] = (await list(ada)).filter((c) => c.candidateId === id);
  const resumeKey = `resumes/${row.resumeId}`;
  expect(await resumeFiles()).toContain(resumeKey);
  return { id, row, resumeKey };
}

/** The candidate's key and resume file are gone: the sealed values in the log open for nobody. */
async function expectDataErased(id: string, resumeKey: string): Promise<void> {
  const sealed = (await streamOf(id))[0].data as { firstName: string; email: string };
  expect(sealed.firstName).toMatch(/^pd1:/);
  const session = await t.app.get(PersonalDataCipher).session(`candidate-${id}`, false);
  expect(session.open(sealed.firstName)).toBeNull();
  expect(session.open(sealed.email)).toBeNull();
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from personal_data_keys where subject = ${`candidate-${id}`}`.execute(t.db.db);
  expect(Number(rows[0].n)).toBe(0);
  expect(await resumeFiles()).not.toContain(resumeKey);
}

describe('candidates: add, list, edit, remove', () => {
  it('adds a candidate, lists it, records only what an edit changed, and removes it', async () => {
    const id = await add(ada);
    const row = (await list(ada)).find((c) => c.candidateId === id);
    // The form as filled in (its ownerId and resumeId aside), read back in the list.
    const { ownerId: _chosen, resumeId: _uploaded, ...filledIn } = form('');
    expect(row).toMatchObject({ ...filledIn, ownerId: 1, resumeType: 'application/pdf', erased: false });

    // The personal fields are stored sealed, never in the clear.
    const [addedEvent] = await streamOf(id);
    expect(addedEvent.type).toBe('CandidateAdded');
    expect(addedEvent.metadata.actor).toEqual({ id: String(ADA), name: 'Ada Admin' });
    expect(JSON.stringify(addedEvent.data)).not.toMatch(/Grace|Hopper|grace@example|structures/);

    const resumeId = row!.resumeId!;
    const changed = await t.http('PUT', `/api/admin/hiring/candidates/${id}`, {
      token: ada,
      body: form(resumeId, { status: 'Offer Pending', interviewDate: INTERVIEWED_AGAIN }),
    });
    expect(changed.status).toBe(200);
    const events = await streamOf(id);
    expect(events).toHaveLength(2);
    expect(events[1].type).toBe('CandidateUpdated');
    expect(events[1].data).toEqual({
      candidateId: id,
      before: { interviewDate: INTERVIEWED, status: 'Shortlisted' },
      after: { interviewDate: INTERVIEWED_AGAIN, status: 'Offer Pending' },
    });

    // The same form again records nothing.
    const same = await t.http('PUT', `/api/admin/hiring/candidates/${id}`, {
      token: ada,
      body: form(resumeId, { status: 'Offer Pending', interviewDate: INTERVIEWED_AGAIN }),
    });
    expect(same.status).toBe(200);
    expect(await streamOf(id)).toHaveLength(2);

    const removed = await t.http('DELETE', `/api/admin/hiring/candidates/${id}`, { token: ada });
    expect(removed.status).toBe(200);
    expect((await list(ada)).some((c) => c.candidateId === id)).toBe(false);
    expect((await streamOf(id))[2].type).toBe('CandidateRemoved');
  });

  it("answers 400 naming each field and the spec's message, and changes nothing", async () => {
    await expectRefused(
      t,
      t.http('POST', '/api/admin/hiring/candidates', {
        token: ada,
        body: {
          ownerId: null,
          discipline: ' ',
          firstName: '',
          lastName: null,
          email: 'grace-at-example',
          localToCalgary: false,
          applicationDate: '',
          interviewDate: '2026-13-01',
          interviewNotes: '',
          status: 'Hired',
          resumeId: '',
        },
      }),
      400,
      [
        { path: 'discipline', message: msg.disciplineRequired },
        { path: 'firstName', message: msg.firstNameRequired },
        { path: 'lastName', message: msg.lastNameRequired },
        { path: 'email', message: msg.emailInvalid },
        { path: 'applicationDate', message: msg.applicationDateRequired },
        { path: 'interviewDate', message: msg.dateInvalid('Interview date') },
        { path: 'status', message: msg.statusRequired },
        { path: 'resumeId', message: msg.resumeRequired },
      ],
    );
  });

  it('accepts empty interview notes (flagged on the form, not blocking)', async () => {
    const id = await add(ada, { interviewNotes: '' });
    expect((await list(ada)).find((c) => c.candidateId === id)?.interviewNotes).toBeNull();
  });

  it('refuses a resume id with no stored file, and makes no data key', async () => {
    const keysBefore = await dataKeyCount();
    await expectRefused(
      t,
      t.http('POST', '/api/admin/hiring/candidates', {
        token: ada,
        body: form('0a0a0a0a-0b0b-5c0c-8d0d-0e0e0e0e0e0e'),
      }),
      400,
      [{ path: 'resumeId', message: msg.resumeUnknown }],
    );
    expect(await dataKeyCount()).toBe(keysBefore);
  });
});

describe('resumes: checked by content while they stream in', () => {
  it('accepts PDF, PNG and Word .doc by their bytes whatever their names, and serves them as attachments', async () => {
    for (const [bytes, type] of [
      [PDF, 'application/pdf'],
      [PNG, 'image/png'],
      [DOC, 'application/msword'],
    ] as const) {
      const answer = await upload(ada, bytes, 'no-extension', 'text/plain');
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({ contentType: type, size: bytes.length });
    }
    const id = await add(ada);
    const opened = await fetch(`${t.baseUrl}/api/admin/hiring/candidates/${id}/resume`, {
      headers: { authorization: `Bearer ${ada}` },
    });
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toBe('application/pdf');
    // Saved, never shown: and shown anyway, without script, origin or sniffing (issue 24).
    expect(opened.headers.get('content-disposition')).toBe('attachment; filename="resume.pdf"');
    expect(opened.headers.get('content-security-policy')).toBe('sandbox');
    expect(opened.headers.get('x-content-type-options')).toBe('nosniff');
    expect(opened.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await opened.arrayBuffer())).toEqual(PDF);
  });

  /** A real PDF of exactly `size` bytes, built in memory. */
  const pdfOfSize = (size: number) => textPdfOfSize(['Resume of a candidate'], size);

  it('takes a resume of exactly the largest size', async () => {
    const answer = await upload(ada, pdfOfSize(MAX_RESUME_BYTES), 'cv.pdf');
    expect(answer).toEqual({
      status: 201,
      body: { resumeId: expect.any(String), contentType: 'application/pdf', size: MAX_RESUME_BYTES },
    });
  });

  it('refuses a text file renamed .pdf, an empty file and a file one byte over the largest size, and stores nothing', async () => {
    const before = await resumeFiles();
    const renamed = await upload(ada, Buffer.from('just some text\n'), 'cv.pdf');
    expect(renamed).toEqual({
      status: 400,
      body: expect.objectContaining({ problems: [{ path: 'file', message: resumeMessages.wrongType }] }),
    });
    const empty = await upload(ada, Buffer.alloc(0), 'cv.pdf');
    expect(empty.body.problems).toEqual([{ path: 'file', message: resumeMessages.empty }]);
    const tooLarge = await upload(ada, pdfOfSize(MAX_RESUME_BYTES + 1), 'cv.pdf');
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.problems).toEqual([{ path: 'file', message: resumeMessages.tooLarge }]);
    expect(await resumeFiles()).toEqual(before);
  });

  it('reads the whole file: HTML behind a PDF header, a deflate bomb and a bare signature are refused, and nothing is stored', async () => {
    const before = await resumeFiles();
    const html = await upload(ada, htmlBehindPdfHeader(), 'cv.pdf');
    expect(html).toEqual({
      status: 400,
      body: expect.objectContaining({ problems: [{ path: 'file', message: resumeMessages.notTheKind }] }),
    });
    const bomb = await upload(ada, packedPdf(['CV'], 100 * 1024 * 1024), 'cv.pdf');
    expect(bomb.body.problems).toEqual([{ path: 'file', message: resumeMessages.tooComplex }]);
    const signature = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const png = await upload(ada, signature, 'photo.png', 'image/png');
    expect(png.body.problems).toEqual([{ path: 'file', message: resumeMessages.notTheKind }]);
    expect(await resumeFiles()).toEqual(before);
  });

  it('refuses two files at once', async () => {
    const form = new FormData();
    form.append('file', new Blob([PDF]), 'a.pdf');
    form.append('file', new Blob([PDF]), 'b.pdf');
    const response = await fetch(`${t.baseUrl}/api/admin/hiring/resumes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ada}` },
      body: form,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { problems: unknown }).problems).toEqual([
      { path: 'file', message: resumeMessages.oneFile },
    ]);
  });
});

describe('only admins', () => {
  it('answers 403 to an employee on every hiring call, before reading the body, and changes nothing', async () => {
    const id = await add(ada);
    const calls: [string, string, unknown][] = [
      ['GET', '/api/admin/hiring/candidates', undefined],
      ['POST', '/api/admin/hiring/candidates', { discipline: '' }],
      ['PUT', `/api/admin/hiring/candidates/${id}`, { email: 'nope' }],
      ['PUT', '/api/admin/hiring/candidates/not-an-id', { email: 'nope' }],
      ['DELETE', `/api/admin/hiring/candidates/${id}`, undefined],
      ['POST', `/api/admin/hiring/candidates/${id}/erase`, undefined],
      ['GET', `/api/admin/hiring/candidates/${id}/resume`, undefined],
      ['POST', '/api/admin/hiring/resumes', { file: 'not multipart' }],
    ];
    for (const [method, path, body] of calls) {
      const answer = await expectRefused(t, t.http(method, path, { token: emil, body }), 403);
      expect(answer.status).toBe(403);
    }
    const files = await resumeFiles();
    const multipart = await upload(emil, PDF, 'cv.pdf');
    expect(multipart.status).toBe(403);
    expect(await resumeFiles()).toEqual(files);
  });
});

describe('sightstream admins see and change only their own organisation’s candidates', () => {
  it("lists, edits, removes and erases only owner 2's candidates, and adds only for owner 2", async () => {
    const firms = await add(ada, { ownerId: 1 });
    const ours = await add(sofia);
    const forTwo = await add(ada, { ownerId: 2 });

    const seen = (await list(sofia)).map((c) => c.candidateId);
    expect(seen).toEqual(expect.arrayContaining([ours, forTwo]));
    expect(seen).not.toContain(firms);
    expect((await list(sofia)).every((c) => c.ownerId === 2)).toBe(true);
    expect((await list(ada)).map((c) => c.candidateId)).toEqual(
      expect.arrayContaining([firms, ours, forTwo]),
    );

    const resumeId = await uploadedResume(sofia);
    for (const [method, path, body] of [
      ['PUT', `/api/admin/hiring/candidates/${firms}`, form(resumeId)],
      ['DELETE', `/api/admin/hiring/candidates/${firms}`, undefined],
      ['POST', `/api/admin/hiring/candidates/${firms}/erase`, undefined],
      ['GET', `/api/admin/hiring/candidates/${firms}/resume`, undefined],
    ] as const) {
      await expectRefused(t, t.http(method, path, { token: sofia, body }), 404);
    }
    // Refused before anything is sealed: no data key is made for a candidate that will not exist.
    const keysBefore = await dataKeyCount();
    await expectRefused(
      t,
      t.http('POST', '/api/admin/hiring/candidates', { token: sofia, body: form(resumeId, { ownerId: 1 }) }),
      403,
    );
    expect(await dataKeyCount()).toBe(keysBefore);
    await expectRefused(
      t,
      t.http('PUT', `/api/admin/hiring/candidates/${ours}`, {
        token: sofia,
        body: form(resumeId, { ownerId: 1 }),
      }),
      403,
    );
    const edited = await t.http('PUT', `/api/admin/hiring/candidates/${forTwo}`, {
      token: sofia,
      body: form(resumeId, { status: 'Onboarding' }),
    });
    expect(edited.status).toBe(200);
    expect((await list(ada)).find((c) => c.candidateId === forTwo)?.status).toBe('Onboarding');
  });
});

describe('erasure on request', () => {
  it('deletes the key and the resume, keeps the fact of the application, and records who did it', async () => {
    const { id, row, resumeKey } = await addedWithResume({
      firstName: 'Marie',
      lastName: 'Curie',
      email: 'marie@example.com',
    });

    const cipher = t.app.get(PersonalDataCipher);
    const [added] = await streamOf(id);
    const before = await cipher.session(`candidate-${id}`, false);
    expect(before.open((added.data as { firstName: string }).firstName)).toBe('Marie');

    const erased = await t.http('POST', `/api/admin/hiring/candidates/${id}/erase`, { token: ada });
    expect(erased.status).toBe(200);

    const after = (await list(ada)).find((c) => c.candidateId === id);
    expect(after).toMatchObject({
      discipline: 'Civil Engineering',
      applicationDate: APPLIED,
      interviewDate: INTERVIEWED,
      status: 'Shortlisted',
      firstName: null,
      lastName: null,
      email: null,
      interviewNotes: null,
      resumeId: null,
      erased: true,
    });
    await expectDataErased(id, resumeKey);

    const events = await streamOf(id);
    expect(events[events.length - 1]).toMatchObject({
      type: 'CandidateErased',
      data: { candidateId: id, resumeId: row.resumeId },
      metadata: { actor: { id: String(ADA), name: 'Ada Admin' } },
    });
    // Erased data cannot be edited back in; the resume does not open; erasing again records nothing.
    await expectRefused(
      t,
      t.http('PUT', `/api/admin/hiring/candidates/${id}`, { token: ada, body: form(row.resumeId!) }),
      409,
    );
    const resume = await t.http('GET', `/api/admin/hiring/candidates/${id}/resume`, { token: ada });
    expect(resume.status).toBe(404);
    const again = await t.http('POST', `/api/admin/hiring/candidates/${id}/erase`, { token: ada });
    expect(again.status).toBe(200);
    expect(await streamOf(id)).toHaveLength(events.length);
  });
});

describe('delete erases the personal data too', () => {
  it('records the removal and the erasure, deletes the key and the resume file', async () => {
    const { id, row, resumeKey } = await addedWithResume({ firstName: 'Rosalind', lastName: 'Franklin' });
    const sealed = (await streamOf(id))[0].data as { firstName: string };
    const session = await t.app.get(PersonalDataCipher).session(`candidate-${id}`, false);
    expect(session.open(sealed.firstName)).toBe('Rosalind');

    const removed = await t.http('DELETE', `/api/admin/hiring/candidates/${id}`, { token: ada });
    expect(removed.status).toBe(200);

    const events = await streamOf(id);
    expect(events.slice(1)).toMatchObject([
      { type: 'CandidateRemoved', data: { candidateId: id } },
      {
        type: 'CandidateErased',
        data: { candidateId: id, resumeId: row.resumeId },
        metadata: { actor: { id: String(ADA), name: 'Ada Admin' } },
      },
    ]);
    // The sealed values still in the log no longer open, and the file is gone.
    await expectDataErased(id, resumeKey);
    expect((await list(ada)).some((c) => c.candidateId === id)).toBe(false);
  });

  it('deleting an erased candidate records only the removal', async () => {
    const id = await add(ada);
    expect((await t.http('POST', `/api/admin/hiring/candidates/${id}/erase`, { token: ada })).status).toBe(
      200,
    );
    expect((await t.http('DELETE', `/api/admin/hiring/candidates/${id}`, { token: ada })).status).toBe(200);
    expect((await streamOf(id)).map((e) => e.type)).toEqual([
      'CandidateAdded',
      'CandidateErased',
      'CandidateRemoved',
    ]);
  });
});

describe('a resume belongs to its uploader’s scope and to one candidate', () => {
  it('records who uploaded a resume, and for which scope', async () => {
    const resumeId = await uploadedResume(sofia);
    const [uploaded] = await t.app.get(EventStore).readStream(`resume-${resumeId}`);
    expect(uploaded).toMatchObject({
      type: 'ResumeUploaded',
      data: { resumeId, contentType: 'application/pdf', size: PDF.length, uploadedBy: SOFIA, ownerScope: 2 },
      metadata: { actor: { id: String(SOFIA), name: 'Sofia Sight' } },
    });
  });

  it("refuses a sightstream admin a firm admin's upload, on add and on edit, and changes nothing", async () => {
    const firmsUpload = await uploadedResume(ada);
    const keysBefore = await dataKeyCount();
    await expectRefused(
      t,
      t.http('POST', '/api/admin/hiring/candidates', { token: sofia, body: form(firmsUpload) }),
      400,
      [{ path: 'resumeId', message: msg.resumeUnknown }],
    );
    expect(await dataKeyCount()).toBe(keysBefore);
    const ours = await add(sofia);
    await expectRefused(
      t,
      t.http('PUT', `/api/admin/hiring/candidates/${ours}`, { token: sofia, body: form(firmsUpload) }),
      400,
      [{ path: 'resumeId', message: msg.resumeUnknown }],
    );
    // The firm admin who uploaded it can use it.
    const answer = await t.http('POST', '/api/admin/hiring/candidates', {
      token: ada,
      body: form(firmsUpload),
    });
    expect(answer.status).toBe(201);
  });

  it('refuses a resume already attached to another candidate, on add and on edit', async () => {
    const first = await add(ada);
    const taken = (await list(ada)).find((c) => c.candidateId === first)!.resumeId!;
    await expectRefused(
      t,
      t.http('POST', '/api/admin/hiring/candidates', { token: ada, body: form(taken) }),
      400,
      [{ path: 'resumeId', message: msg.resumeTaken }],
    );
    const second = await add(ada);
    await expectRefused(
      t,
      t.http('PUT', `/api/admin/hiring/candidates/${second}`, { token: ada, body: form(taken) }),
      400,
      [{ path: 'resumeId', message: msg.resumeTaken }],
    );
    // Its own candidate keeps naming it.
    const kept = await t.http('PUT', `/api/admin/hiring/candidates/${first}`, {
      token: ada,
      body: form(taken, { status: 'Onboarding' }),
    });
    expect(kept.status).toBe(200);
  });
});

import ExcelJS from 'exceljs';
import { skillMessages, type MySkill, type SkillsMatrixAnswer } from '@portal/contracts';
import type { TestApp } from '../../../test/app-harness';
import { startSignedIn } from '../../../test/signed-in';
import { eventCount, eventsOf } from '../../../test/event-log';

/* The skills self-assessment and the admins' matrix, over the seeded demo people. */
let t: TestApp;
const ALICE = 1; // admin, owner 1
const CARLOS = 3; // owner 1
const DANA = 4; // owner 1
const SAM = 5; // owner 2
const SOFIA = 9; // sightstream admin, owner 2
let tokens: Record<number, string>;

beforeAll(async () => {
  ({ t, tokens } = await startSignedIn([ALICE, CARLOS, DANA, SAM, SOFIA], { seedDemo: true }));
  for (const [token, skill, level] of [
    [tokens[DANA], 'python', 4],
    [tokens[DANA], 'sql', 2],
    [tokens[SAM], 'python', 5],
    [tokens[SAM], 'gis', 1],
  ] as const)
    expect((await t.http('PUT', '/api/me/skills', { token, body: { skill, level } })).status).toBe(200);
});

afterAll(async () => {
  await t?.close();
});

const mine = async (token: string) => (await t.http<MySkill[]>('GET', '/api/me/skills', { token })).body;
const matrix = async (token: string, query = '') =>
  t.http<SkillsMatrixAnswer>('GET', `/api/admin/skills-matrix${query}`, { token });

describe('my skills', () => {
  it('assesses, changes (before → after) and removes a skill', async () => {
    expect(
      (await t.http('PUT', '/api/me/skills', { token: tokens[CARLOS], body: { skill: 'react', level: 2 } }))
        .status,
    ).toBe(200);
    expect(
      (await t.http('PUT', '/api/me/skills', { token: tokens[CARLOS], body: { skill: 'react', level: 4 } }))
        .status,
    ).toBe(200);
    expect(await mine(tokens[CARLOS])).toEqual([{ skill: 'react', name: 'React', level: 4 }]);
    const assessed = await eventsOf(t.db.db, `skills-${CARLOS}`, 'SkillAssessed');
    expect(assessed.map((e) => e.data)).toEqual([
      { staffId: CARLOS, skill: 'react', before: { level: null }, after: { level: 2 } },
      { staffId: CARLOS, skill: 'react', before: { level: 2 }, after: { level: 4 } },
    ]);
    expect(assessed[1]!.metadata.actor).toEqual({ id: String(CARLOS), name: 'Carlos Contractor' });

    expect((await t.http('DELETE', '/api/me/skills/react', { token: tokens[CARLOS] })).status).toBe(200);
    expect(await mine(tokens[CARLOS])).toEqual([]);
    const removed = await eventsOf(t.db.db, `skills-${CARLOS}`, 'SkillRemoved');
    expect(removed.map((e) => e.data)).toEqual([
      { staffId: CARLOS, skill: 'react', before: { level: 4 }, after: { level: null } },
    ]);
  });

  it('refuses a skill off the list and a level outside 1 to 5, naming the field; nothing recorded', async () => {
    const before = await eventCount(t.db.db);
    const bad = await t.http('PUT', '/api/me/skills', {
      token: tokens[CARLOS],
      body: { skill: 'juggling', level: 6 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.problems).toEqual([
      { path: 'skill', message: skillMessages.notASkill },
      { path: 'level', message: skillMessages.levelRange },
    ]);
    expect((await t.http('DELETE', '/api/me/skills/sql', { token: tokens[CARLOS] })).status).toBe(404);
    expect(await eventCount(t.db.db)).toBe(before);
  });
});

describe('the skills matrix', () => {
  it('shows people × skills in scope, with the filters', async () => {
    const all = await matrix(tokens[ALICE]);
    expect(all.status).toBe(200);
    expect(all.body.people.map((p) => [p.staffId, p.name, p.levels])).toEqual([
      [DANA, 'Dana Developer', { python: 4, sql: 2 }],
      [SAM, 'Sam Sightstream', { python: 5, gis: 1 }],
    ]);
    expect(all.body.skills.map((s) => s.code)).toEqual(['gis', 'python', 'sql']);

    const python4 = await matrix(tokens[ALICE], '?skill=python&minLevel=5');
    expect(python4.body.people.map((p) => p.staffId)).toEqual([SAM]);
    expect(python4.body.skills.map((s) => s.code)).toEqual(['python']);
    expect((await matrix(tokens[ALICE], '?owner=1')).body.people.map((p) => p.staffId)).toEqual([DANA]);
    expect((await matrix(tokens[ALICE], `?person=${SAM}`)).body.people.map((p) => p.staffId)).toEqual([SAM]);
    expect((await matrix(tokens[ALICE], '?minLevel=9')).status).toBe(400);
  });

  it('a sightstream admin sees owner 2 only, decided by the server', async () => {
    const res = await matrix(tokens[SOFIA]);
    expect(res.body.people.map((p) => p.staffId)).toEqual([SAM]);
    expect(res.body.everyone.every((p) => [5, 8, 9].includes(p.staffId))).toBe(true);
    expect((await matrix(tokens[SOFIA], '?owner=1')).body.people).toEqual([]);
    expect((await matrix(tokens[SOFIA], `?person=${DANA}`)).status).toBe(403);
  });

  it('exports what is shown as xlsx', async () => {
    const response = await fetch(`${t.baseUrl}/api/admin/skills-matrix/export?skill=python`, {
      headers: { authorization: `Bearer ${tokens[ALICE]}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('SkillsMatrix.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ExcelJS.Buffer);
    const rows = workbook
      .getWorksheet('Skills Matrix')!
      .getSheetValues()
      .filter(Boolean)
      .map((r) => (r as unknown[]).slice(1));
    expect(rows).toContainEqual(['Skill', 'Python']);
    expect(rows).toContainEqual(['Name', 'Owner', 'Python']);
    expect(rows.filter((r) => r[2] === 4 || r[2] === 5)).toHaveLength(2);
  });

  it('answers 403 to non-admins', async () => {
    expect((await matrix(tokens[CARLOS])).status).toBe(403);
    expect((await t.http('GET', '/api/admin/skills-matrix/export', { token: tokens[SAM] })).status).toBe(403);
  });
});

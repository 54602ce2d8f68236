import { skillName, type SkillsMatrixAnswer, type SkillsMatrixQuery } from '@portal/contracts';
import { loadExcelJs } from '../../../platform/files/exceljs';

export const SKILLS_MATRIX_FILE_NAME = 'SkillsMatrix.xlsx';

/** The grid shown: the filters on the first rows, then Name, Owner and one column per skill. */
export async function skillsMatrixWorkbook(
  answer: SkillsMatrixAnswer,
  filters: SkillsMatrixQuery,
): Promise<Buffer> {
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Skills Matrix');
  const person = answer.everyone.find((p) => p.staffId === filters.person)?.name;
  sheet.addRow(['Skill', filters.skill ? skillName(filters.skill) : 'all']);
  sheet.addRow(['Minimum level', filters.minLevel ?? 'any']);
  sheet.addRow(['Owner', filters.owner ?? 'all']);
  sheet.addRow(['Person', person ?? 'all']);
  sheet.addRow([]);
  sheet.addRow(['Name', 'Owner', ...answer.skills.map((s) => s.name)]).font = { bold: true };
  for (const p of answer.people)
    sheet.addRow([p.name, p.ownerId, ...answer.skills.map((s) => p.levels[s.code] ?? null)]);
  sheet.getColumn(1).width = 28;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

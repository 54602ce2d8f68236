/** The skills context's public entry: the only file other code may import. */
export { SkillsModule } from './skills.module';
export { AssessSkillCommand, RemoveSkillCommand, type SkillOutcome } from './commands/skills-commands';
export { GetMySkillsQuery, GetSkillsMatrixQuery, ExportSkillsMatrixQuery } from './queries/skills-queries';

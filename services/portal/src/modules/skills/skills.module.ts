import { Module } from '@nestjs/common';
import { ContextRegistry } from '../../platform/registry/context-registry';
import { StaffModule } from '../staff';
import { AssessSkillHandler, RemoveSkillHandler } from './commands/skills-commands';
import { skillsProjection } from './projections/skills.projection';
import {
  ExportSkillsMatrixHandler,
  GetMySkillsHandler,
  GetSkillsMatrixHandler,
  SkillsReadModel,
} from './queries/skills-queries';
import { MySkillsController, SkillsMatrixController } from './skills.controller';

/**
 * Skills (issue 11): each person's self-assessment (stream `skills-{staffId}`) and the admins'
 * skills matrix, scoped through the staff context's exported queries.
 */
@Module({
  imports: [StaffModule],
  controllers: [MySkillsController, SkillsMatrixController],
  providers: [
    SkillsReadModel,
    AssessSkillHandler,
    RemoveSkillHandler,
    GetMySkillsHandler,
    GetSkillsMatrixHandler,
    ExportSkillsMatrixHandler,
  ],
})
export class SkillsModule {
  constructor(registry: ContextRegistry) {
    registry.projection(skillsProjection);
  }
}

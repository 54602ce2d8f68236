import { Readable } from 'node:stream';
import { Body, Controller, Delete, Get, Param, Put, Query, type StreamableFile } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  skillAssessmentSchema,
  skillParamSchema,
  skillsMatrixQuerySchema,
  type MySkill,
  type SkillsMatrixAnswer,
} from '@portal/contracts';
import { AdminOnly, CurrentPrincipal } from '../../platform/auth/decorators';
import type { Principal } from '../../platform/auth/principal';
import { CurrentCaller, type Caller } from '../../platform/cqrs';
import { fileAttachment, XLSX_CONTENT_TYPE } from '../../platform/http/file-download';
import { parseBody, parseQuery } from '../../platform/http/validation';
import { AssessSkillCommand, RemoveSkillCommand, type SkillOutcome } from './commands/skills-commands';
import { SKILLS_MATRIX_FILE_NAME } from './exports/skills-matrix-workbook';
import { ExportSkillsMatrixQuery, GetMySkillsQuery, GetSkillsMatrixQuery } from './queries/skills-queries';

/** /api/me/skills: the signed-in person's own skills self-assessment (anyone signed in). */
@Controller('me/skills')
export class MySkillsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  list(@CurrentPrincipal() principal: Principal): Promise<MySkill[]> {
    return this.queries.execute(new GetMySkillsQuery(principal));
  }

  @Put()
  assess(@CurrentCaller() caller: Caller, @Body() body: unknown): Promise<SkillOutcome> {
    const { skill, level } = parseBody(skillAssessmentSchema, body);
    return this.commands.execute(new AssessSkillCommand(caller, skill, level));
  }

  @Delete(':skill')
  remove(@CurrentCaller() caller: Caller, @Param() params: unknown): Promise<SkillOutcome> {
    const { skill } = parseQuery(skillParamSchema, params);
    return this.commands.execute(new RemoveSkillCommand(caller, skill));
  }
}

/** /api/admin/skills-matrix (admins; anyone else 403 before the query is read). */
@AdminOnly()
@Controller('admin/skills-matrix')
export class SkillsMatrixController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  matrix(@CurrentPrincipal() principal: Principal, @Query() query: unknown): Promise<SkillsMatrixAnswer> {
    return this.queries.execute(
      new GetSkillsMatrixQuery(principal, parseQuery(skillsMatrixQuerySchema, query)),
    );
  }

  @Get('export')
  async export(@CurrentPrincipal() principal: Principal, @Query() query: unknown): Promise<StreamableFile> {
    const file = await this.queries.execute<ExportSkillsMatrixQuery, Buffer>(
      new ExportSkillsMatrixQuery(principal, parseQuery(skillsMatrixQuerySchema, query)),
    );
    return fileAttachment(Readable.from([file]), XLSX_CONTENT_TYPE, SKILLS_MATRIX_FILE_NAME);
  }
}

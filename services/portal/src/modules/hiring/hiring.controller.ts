import type { IncomingMessage } from 'node:http';
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Req,
  Res,
  StreamableFile,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import {
  candidateIdParamSchema,
  candidateRequestSchema,
  type CandidateView,
  type ResumeUploadResponse,
} from '@portal/contracts';
import { AdminOnly, CurrentPrincipal } from '../../platform/auth/decorators';
import type { Principal } from '../../platform/auth/principal';
import { CurrentCaller, type Caller } from '../../platform/cqrs';
import { FileNotFoundError, FileStorage } from '../../platform/files/file-storage.port';
import { parseBody, parseQuery } from '../../platform/http/validation';
import {
  AddCandidateCommand,
  RemoveCandidateCommand,
  UpdateCandidateCommand,
  type CandidateResult,
} from './commands/candidate-commands';
import { EraseCandidateCommand } from './commands/erase-candidate';
import { UploadResumeCommand } from './commands/upload-resume';
import { CandidateResumeQuery, ListCandidatesQuery } from './queries/candidate-queries';

/** The name a resume opens under, by its type (the person's own file name is not kept). */
const RESUME_FILE_NAMES: Record<string, string> = {
  'image/png': 'resume.png',
  'image/jpeg': 'resume.jpg',
  'application/pdf': 'resume.pdf',
  'application/msword': 'resume.doc',
};

/**
 * /api/admin/hiring (admins; 403 for anyone else, before the body is even read). Parses, asks the
 * buses; streams resumes in and out.
 */
@AdminOnly()
@Controller('admin/hiring')
export class HiringController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly storage: FileStorage,
  ) {}

  @Get('candidates')
  list(@CurrentPrincipal() principal: Principal): Promise<CandidateView[]> {
    return this.queries.execute(new ListCandidatesQuery(principal));
  }

  @Post('candidates')
  add(@CurrentCaller() caller: Caller, @Body() body: unknown): Promise<CandidateResult> {
    return this.commands.execute(new AddCandidateCommand(caller, parseBody(candidateRequestSchema, body)));
  }

  @Put('candidates/:id')
  update(
    @CurrentCaller() caller: Caller,
    @Param() params: unknown,
    @Body() body: unknown,
  ): Promise<CandidateResult> {
    const { id } = parseQuery(candidateIdParamSchema, params);
    return this.commands.execute(
      new UpdateCandidateCommand(caller, id, parseBody(candidateRequestSchema, body)),
    );
  }

  @Delete('candidates/:id')
  remove(@CurrentCaller() caller: Caller, @Param() params: unknown): Promise<CandidateResult> {
    const { id } = parseQuery(candidateIdParamSchema, params);
    return this.commands.execute(new RemoveCandidateCommand(caller, id));
  }

  @Post('candidates/:id/erase')
  @HttpCode(200)
  erase(@CurrentCaller() caller: Caller, @Param() params: unknown): Promise<CandidateResult> {
    const { id } = parseQuery(candidateIdParamSchema, params);
    return this.commands.execute(new EraseCandidateCommand(caller, id));
  }

  /** Multipart, one file in the field `file`; read as it streams in. */
  @Post('resumes')
  upload(@CurrentCaller() caller: Caller, @Req() request: IncomingMessage): Promise<ResumeUploadResponse> {
    return this.commands.execute(new UploadResumeCommand(caller, request));
  }

  /**
   * The query decides whether the admin may have the file; the controller streams it as an
   * attachment, never inline: a file whose first bytes say PDF may hold anything after them, so
   * the browser saves it rather than showing it, and were it shown anyway (a stale client), in a
   * sandbox (`Content-Security-Policy: sandbox`: no script, no origin) and never sniffed.
   */
  @Get('candidates/:id/resume')
  async resume(
    @CurrentPrincipal() principal: Principal,
    @Param() params: unknown,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    const { id } = parseQuery(candidateIdParamSchema, params);
    const resume = await this.queries.execute(new CandidateResumeQuery(principal, id));
    const content = this.storage.open(resume.storageKey);
    content.on('error', (error) => {
      if (!(error instanceof FileNotFoundError)) response.destroy(error);
    });
    response.setHeader('Cache-Control', 'private, no-store');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.setHeader('Content-Security-Policy', 'sandbox');
    return new StreamableFile(content, {
      type: resume.contentType,
      disposition: `attachment; filename="${RESUME_FILE_NAMES[resume.contentType] ?? 'resume'}"`,
    });
  }
}

import { Module } from '@nestjs/common';
import { DocumentChecker } from '../../platform/files/document-check';
import { PdfTextReader } from '../../platform/files/pdf-text';
import { ContextRegistry } from '../../platform/registry/context-registry';
import {
  AddCandidateHandler,
  RemoveCandidateHandler,
  UpdateCandidateHandler,
} from './commands/candidate-commands';
import { CandidateForms } from './commands/candidate-forms';
import { CandidateDataEraser, EraseCandidateHandler } from './commands/erase-candidate';
import { UploadResumeHandler } from './commands/upload-resume';
import { HiringController } from './hiring.controller';
import { candidatesProjection } from './projections/candidates.projection';
import { resumesProjection } from './projections/resumes.projection';
import {
  CandidateResumeHandler,
  CandidatesReadModel,
  ListCandidatesHandler,
} from './queries/candidate-queries';
import { UnattachedResumes } from './queries/unattached-resumes';
import { RESUME_SWEEP_JOB, ResumeSweepProcessor } from './reactions/resume-sweep.processor';

/**
 * Hiring candidates: the add form, the View Candidates table, resumes, and erasure of a
 * candidate's personal data on request (their key deleted, their resume removed). An hourly job
 * discards the uploads no candidate named within a day.
 */
@Module({
  controllers: [HiringController],
  providers: [
    CandidateForms,
    CandidateDataEraser,
    CandidatesReadModel,
    AddCandidateHandler,
    UpdateCandidateHandler,
    RemoveCandidateHandler,
    EraseCandidateHandler,
    UploadResumeHandler,
    PdfTextReader,
    DocumentChecker,
    ListCandidatesHandler,
    CandidateResumeHandler,
    UnattachedResumes,
    ResumeSweepProcessor,
  ],
})
export class HiringModule {
  constructor(registry: ContextRegistry) {
    registry.projection(candidatesProjection, resumesProjection).job(RESUME_SWEEP_JOB);
  }
}

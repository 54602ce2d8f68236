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
import {
  CandidateResumeHandler,
  CandidatesReadModel,
  ListCandidatesHandler,
} from './queries/candidate-queries';

/**
 * Hiring candidates: the add form, the View Candidates table, resumes, and erasure of a
 * candidate's personal data on request (their key deleted, their resume removed).
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
  ],
})
export class HiringModule {
  constructor(registry: ContextRegistry) {
    registry.projection(candidatesProjection);
  }
}

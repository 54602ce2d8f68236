import { Injectable } from '@nestjs/common';
import { EventStore } from '../../../platform/event-store/event-store.port';
import { Mailer } from '../../../platform/mail/mailer.port';
import { JobQueue } from '../../../platform/queue/job-queue.port';
import { RegisteredJobProcessor } from '../../../platform/queue/registered-job-processor';
import { ProjectDirectory } from '../../catalog';
import { StaffQueries } from '../../staff';

/**
 * A job that e-mails about what one command wrote on ledger streams: it reads the command's events
 * back from the log (the job carries only where to look), the people and the projects' names, and
 * sends. The review's e-mail to the person (periods) and the late-entry e-mail to the admins
 * (timesheets) extend it and declare no constructor.
 */
@Injectable()
export abstract class LedgerMailProcessor<TData, TResult> extends RegisteredJobProcessor<TData, TResult> {
  constructor(
    jobs: JobQueue,
    protected readonly store: EventStore,
    protected readonly mailer: Mailer,
    protected readonly staff: StaffQueries,
    protected readonly projects: ProjectDirectory,
  ) {
    super(jobs);
  }
}

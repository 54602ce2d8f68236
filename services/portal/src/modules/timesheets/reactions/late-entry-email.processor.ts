import { Injectable } from '@nestjs/common';
import type { JobContext } from '../../../platform/queue/job-queue.port';
import { projectsById } from '../../catalog';
import { LedgerMailProcessor } from '../../periods';
import { lateChangesOf, lateEntryEmail } from './late-entry-email';
import { LATE_ENTRY_EMAIL_JOB, type LateEntryEmailJob } from './late-entry.reactor';

export interface LateEntryEmailResult {
  readonly sent: boolean;
  readonly recipients: number;
  readonly changes: number;
}

/**
 * Sends the admins one e-mail about a command's late changes in one ledger. Reads what changed
 * from the log (before -> after), so the job carries only where to look.
 */
@Injectable()
export class LateEntryEmailProcessor extends LedgerMailProcessor<LateEntryEmailJob, LateEntryEmailResult> {
  readonly name = LATE_ENTRY_EMAIL_JOB;

  async process(job: LateEntryEmailJob, context: JobContext): Promise<LateEntryEmailResult> {
    const changes = lateChangesOf(await this.store.readStream(job.streamId), job.commandId);
    const employee = await this.staff.get(job.employeeId);
    // Mail about a person goes to the admins of that person's own owner, never to the other's.
    const admins = employee ? await this.staff.listAdmins(employee.ownerId) : [];
    if (changes.length === 0 || admins.length === 0)
      return { sent: false, recipients: admins.length, changes: 0 };

    const person = employee?.name ?? `Staff ${job.employeeId}`;
    const projects = await projectsById(
      this.projects,
      changes.flatMap((c) => [c.before, c.after]).flatMap((f) => (f ? [f.projectId, f.subProjectId] : [])),
    );
    const email = lateEntryEmail(person, changes, (id) => projects.get(id)?.name ?? `Project ${id}`);
    await this.mailer.send({
      deliveryId: context.jobId,
      to: admins.map((a) => a.username),
      subject: email.subject,
      text: email.text,
      ownerId: employee!.ownerId,
    });
    return { sent: true, recipients: admins.length, changes: changes.length };
  }
}

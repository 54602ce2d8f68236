import type { ProjectOption } from '@portal/contracts';
import type { ProjectView } from './project-directory';

/** A project as the pickers show it. */
export function toProjectOption(p: ProjectView): ProjectOption {
  return {
    projectId: p.projectId,
    name: p.name,
    ownerId: p.ownerId,
    billingCycle: p.billingCycle,
    invoiceCurrency: p.invoiceCurrency,
    hasOvertime: p.hasOvertime,
  };
}

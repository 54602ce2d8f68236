import { useState } from 'react';
import { useBillableProjects } from '../../../lib/projects';
import { Button } from '../../../ui/button';
import { DownloadTimesheetDialog } from '../../../ui/download-timesheet-dialog';

/** Download Timesheet on the person's own timesheet screen: their projects, their own rows. */
export function DownloadTimesheetButton({ today }: { today: string }) {
  const projects = useBillableProjects();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onPress={() => setOpen(true)}>
        Download Timesheet
      </Button>
      <DownloadTimesheetDialog
        isOpen={open}
        today={today}
        projects={projects.data ?? []}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

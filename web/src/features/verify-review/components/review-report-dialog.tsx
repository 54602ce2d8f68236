import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  exportPeriodPart,
  periodTitle,
  timesheetExportFileName,
  type ReportEmbedRequest,
  type TimesheetDownloadType,
  type VerificationPeriod,
} from '@portal/contracts';
import { errorMessage } from '../../../lib/api';
import { downloadTimesheet } from '../../../lib/downloads-timesheets';
import { fetchReportEmbed } from '../../../lib/reports';
import { Button } from '../../../ui/button';
import { ModalDialog, DialogActions } from '../../../ui/dialog';
import { LoadError, LoadingSkeleton } from '../../../ui/query-state';
import { showToast } from '../../../ui/toast';

// powerbi-client is loaded only when the report is opened (Power BI configured).
const ReportEmbed = lazy(() => import('../../../ui/report-embed').then((m) => ({ default: m.ReportEmbed })));

/** The report the verify page links to: the person's own time as the client sees it. */
const REVIEW_REPORT_TYPE: TimesheetDownloadType = 'Client Timesheet';

export interface ReviewReportDialogProps {
  readonly isOpen: boolean;
  readonly onClose: () => void;
  readonly period: VerificationPeriod;
  readonly project: { readonly projectId: number; readonly name: string };
}

function ReviewReport({ period, project }: Pick<ReviewReportDialogProps, 'period' | 'project'>) {
  const request: ReportEmbedRequest = {
    type: REVIEW_REPORT_TYPE,
    projectId: project.projectId,
    start: period.start,
    end: period.end,
  };
  // The answer holds a token: it is kept only while the dialog is open (gcTime 0).
  const embed = useQuery({
    queryKey: ['reports', 'embed', request],
    queryFn: ({ signal }) => fetchReportEmbed(request, signal),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const [saving, setSaving] = useState(false);
  const title = [REVIEW_REPORT_TYPE, project.name, periodTitle(period)].join(', ');

  const download = async () => {
    setSaving(true);
    try {
      const fallback = timesheetExportFileName(
        'Timesheet',
        project.name,
        exportPeriodPart(period.cycle, period.start, period.end),
      );
      await downloadTimesheet(request, fallback);
    } catch (error) {
      showToast(errorMessage(error), 'danger');
    } finally {
      setSaving(false);
    }
  };
  const xlsxButton = (
    <Button variant="secondary" isPending={saving} onPress={() => void download()}>
      Download .xlsx
    </Button>
  );

  if (embed.isError) {
    return (
      <LoadError
        error={embed.error}
        what="the report"
        onRetry={embed.refetch}
        isRetrying={embed.isFetching}
      />
    );
  }
  if (!embed.data) return <LoadingSkeleton what="the report" lines={3} />;
  return (
    <Suspense fallback={<LoadingSkeleton what="the report" lines={3} />}>
      <ReportEmbed
        embed={embed.data}
        title={title}
        fallback={xlsxButton}
        renewToken={() => fetchReportEmbed(request)}
      />
    </Suspense>
  );
}

/**
 * Review report (admin spec §2, the verify page's "Review link to an external report"): the
 * Power BI 'Client Timesheet' report of the person's own rows for the page's project and period.
 * Only offered when Power BI is configured; the server's row-level security shows the asker's rows.
 */
export function ReviewReportDialog({ isOpen, onClose, period, project }: ReviewReportDialogProps) {
  return (
    <ModalDialog
      title="Review report"
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      size="large"
    >
      <div className="dialog__body">
        <p className="muted">{`${REVIEW_REPORT_TYPE}: ${project.name}, ${periodTitle(period)}.`}</p>
        {isOpen ? <ReviewReport period={period} project={project} /> : null}
      </div>
      <DialogActions onCancel={onClose} />
    </ModalDialog>
  );
}

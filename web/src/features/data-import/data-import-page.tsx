import { useState } from 'react';
import {
  DATA_IMPORT_KIND_LABELS,
  DATA_IMPORT_KINDS,
  DATA_IMPORT_LAYOUTS,
  dataImportMessages,
  MAX_DATA_IMPORT_BYTES,
  megabytes,
  type DataImportKind,
  type DataImportRefusal,
  type DataImportReport,
} from '@portal/contracts';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/button';
import { FileUploadField } from '../../ui/file-upload-field';
import { Page } from '../../ui/page';
import { Select } from '../../ui/select';
import { showToast } from '../../ui/toast';
import { downloadTemplate, useCheckImport, usePlanningProjects } from './data-import-api';
import { ApplyPanel } from './apply-panel';
import { ImportReport } from './import-report';
import { refusalOf } from './refusal';
import './data-import.css';

const kindOptions = DATA_IMPORT_KINDS.map((kind) => ({ id: kind, name: DATA_IMPORT_KIND_LABELS[kind] }));

/** What a file of the kind holds, in a sentence beside the file field. */
function layoutHint(kind: DataImportKind): string {
  const layout = DATA_IMPORT_LAYOUTS[kind];
  const required = layout.columns.filter((c) => c.required).map((c) => c.heading);
  const optional = layout.columns.filter((c) => !c.required).map((c) => c.heading);
  return [
    `An .xlsx or .csv of at most ${megabytes(MAX_DATA_IMPORT_BYTES)}, headings on the first row.`,
    `Columns: ${required.join(', ')}${optional.length > 0 ? `; optional: ${optional.join(', ')}` : ''}.`,
    layout.further ?? '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** '/admin/import' (admins): a firm's existing data from files; checked first, applied when the admin says. */
export function DataImportPage() {
  const [kind, setKind] = useState<DataImportKind>('clients');
  const [projectId, setProjectId] = useState<number | null>(null);
  const [projectProblem, setProjectProblem] = useState<string | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [report, setReport] = useState<DataImportReport | null>(null);
  const [refusal, setRefusal] = useState<DataImportRefusal | null>(null);
  const check = useCheckImport(setProgress);
  const projects = usePlanningProjects(kind === 'planned-hours');

  const send = (file: File) => {
    setReport(null);
    setRefusal(null);
    if (kind === 'planned-hours' && projectId === null) {
      setProjectProblem(dataImportMessages.projectNeeded);
      return;
    }
    if (file.size > MAX_DATA_IMPORT_BYTES) {
      setFileProblem(dataImportMessages.tooLarge);
      return;
    }
    setFileProblem(null);
    setProgress(0);
    check.mutate(
      { file, kind, projectId: kind === 'planned-hours' ? projectId : null },
      {
        onSuccess: (answer) => {
          setReport(answer);
          showToast(`Checked ${answer.fileName}: nothing is imported until you apply it.`, 'success');
        },
        onError: (error) => {
          setFileProblem(errorMessage(error, dataImportMessages.unreadable));
          setRefusal(refusalOf(error));
        },
      },
    );
  };

  return (
    <Page
      title="Import data"
      tools={
        <Button variant="secondary" onPress={() => void downloadTemplate(kind)}>
          Download template
        </Button>
      }
    >
      <p className="page__lead">
        Bring a firm&apos;s existing data from a spreadsheet. The file is checked first by the same rules as
        the forms; nothing is written until you apply it. Import clients, then projects, then the roster, then
        planned hours, then timesheet history.
      </p>
      <section className="card field-grid data-import__form" aria-label="File to import">
        <Select
          label="What the file holds"
          options={kindOptions}
          value={kind}
          onChange={(key) => {
            if (key === null) return;
            setKind(key as DataImportKind);
            setReport(null);
            setRefusal(null);
            setFileProblem(null);
          }}
        />
        {kind === 'planned-hours' ? (
          <Select
            label="Project"
            isRequired
            options={(projects.data ?? []).map((p) => ({ id: p.projectId, name: p.name }))}
            value={projectId}
            errorMessage={projectProblem ?? undefined}
            description="PlannedHours.xlsx does not name its project: choose it."
            onChange={(key) => {
              setProjectId(key === null ? null : Number(key));
              setProjectProblem(null);
            }}
          />
        ) : null}
        <FileUploadField
          label="File (xlsx or CSV)"
          hint={layoutHint(kind)}
          accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          problem={fileProblem}
          pending={check.isPending}
          progress={progress}
          pendingText="Uploading and checking…"
          onFile={send}
        />
      </section>
      {report ? <ImportReport report={report} /> : null}
      {refusal ? <ImportReport report={refusal} /> : null}
      {report?.canApply ? <ApplyPanel key={report.importId} report={report} /> : null}
    </Page>
  );
}

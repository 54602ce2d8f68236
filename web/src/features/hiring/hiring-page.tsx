import { useMemo, useState } from 'react';
import {
  CANDIDATE_STATUSES,
  candidateMessages as msg,
  ERASED_TEXT,
  type CandidateRequest,
  type CandidateView,
} from '@portal/contracts';
import { errorMessage } from '../../lib/api';
import { useCurrentUser } from '../../lib/current-user';
import { Button } from '../../ui/button';
import { ConfirmDeleteDialog } from '../../ui/confirm-delete-dialog';
import { dateColumn, DataTable, type DataColumn } from '../../ui/data-table';
import { ModalDialog } from '../../ui/dialog';
import { RowActions } from '../../ui/row-actions';
import { Select } from '../../ui/select';
import { DiscardChangesDialog, LeaveWithoutSavingGuard } from '../../ui/unsaved-changes';
import { showToast } from '../../ui/toast';
import {
  downloadResume,
  useCandidates,
  useEraseCandidate,
  useRemoveCandidate,
  useSaveCandidate,
} from './api/hiring-api';
import { CandidateForm, draftOf, EMPTY_CANDIDATE } from './components/candidate-form';
import { Page } from '../../ui/page';
import { HistoryButton } from '../../ui/history';
import './hiring.css';

const ALL = 'all';
const NO_INTERVIEW = 'Not yet';
const UNSAVED = 'The candidate form has changes that are not saved. Discard them?';
const interviewColumn = dateColumn<CandidateView>(
  'interviewDate',
  'Interview Date',
  (c) => c.interviewDate ?? '',
);

const nameOf = (c: CandidateView) =>
  c.erased ? ERASED_TEXT : `${c.firstName ?? ''} ${c.lastName ?? ''}`.trim();
/** How a row is named in buttons and questions (an erased one by its discipline and date). */
const describe = (c: CandidateView) =>
  c.erased ? `${c.discipline} applicant of ${c.applicationDate}` : nameOf(c);

function Erased() {
  return <span className="badge badge--erased">{ERASED_TEXT}</span>;
}

/** '/admin/hr/hiring' (admins): the add form and the View Candidates table. */
export function HiringPage() {
  const me = useCurrentUser();
  const candidates = useCandidates();
  const save = useSaveCandidate();
  const remove = useRemoveCandidate();
  const erase = useEraseCandidate();
  const [formKey, setFormKey] = useState(0);
  const [editing, setEditing] = useState<CandidateView | null>(null);
  const [deleting, setDeleting] = useState<CandidateView | null>(null);
  const [erasing, setErasing] = useState<CandidateView | null>(null);
  const [status, setStatus] = useState<string>(ALL);
  const [discipline, setDiscipline] = useState<string>(ALL);
  const [addDirty, setAddDirty] = useState(false);
  const [editDirty, setEditDirty] = useState(false);
  const [discardAsked, setDiscardAsked] = useState(false);

  const closeEdit = (force = false) => {
    if (editDirty && !force) {
      setDiscardAsked(true);
      return;
    }
    setDiscardAsked(false);
    setEditDirty(false);
    setEditing(null);
  };

  const choosesOwner = me.status === 'signed-in' && me.user.userType !== 'sightstream';

  const disciplines = useMemo(
    () => [...new Set((candidates.data ?? []).map((c) => c.discipline))].sort((a, b) => a.localeCompare(b)),
    [candidates.data],
  );
  const rows = candidates.data?.filter(
    (c) => (status === ALL || c.status === status) && (discipline === ALL || c.discipline === discipline),
  );

  const add = async (form: CandidateRequest) => {
    await save.mutateAsync({ candidateId: null, form });
    showToast(msg.added, 'success');
    setFormKey((k) => k + 1); // a fresh, empty form
  };

  const update = async (form: CandidateRequest) => {
    if (!editing) return;
    await save.mutateAsync({ candidateId: editing.candidateId, form });
    showToast(msg.updated, 'success');
    closeEdit(true);
  };

  const columns: readonly DataColumn<CandidateView>[] = [
    { id: 'discipline', header: 'Discipline', sort: 'text', text: (c) => c.discipline },
    {
      id: 'name',
      header: 'Name',
      sort: 'text',
      isRowHeader: true,
      text: nameOf,
      cell: (c) => (c.erased ? <Erased /> : nameOf(c)),
    },
    {
      id: 'email',
      header: 'Email',
      sort: 'text',
      text: (c) => (c.erased ? ERASED_TEXT : (c.email ?? '')),
      cell: (c) => (c.erased ? <Erased /> : c.email),
    },
    dateColumn('applicationDate', 'Application Date', (c) => c.applicationDate),
    {
      ...interviewColumn,
      text: (c) => (c.interviewDate ? interviewColumn.text(c) : NO_INTERVIEW),
      cell: (c) => (c.interviewDate ? interviewColumn.cell?.(c) : NO_INTERVIEW),
    },
    { id: 'status', header: 'Status', sort: 'text', text: (c) => c.status },
    {
      id: 'resume',
      header: 'Resume',
      searchable: false,
      text: (c) => (c.resumeId ? 'Download' : ERASED_TEXT),
      cell: (c) =>
        c.resumeId ? (
          <Button
            variant="ghost"
            aria-label={`Download the resume of ${describe(c)}`}
            onPress={() => {
              downloadResume(c.candidateId).catch((error: unknown) =>
                showToast(errorMessage(error), 'danger'),
              );
            }}
          >
            Download
          </Button>
        ) : (
          <Erased />
        ),
    },
  ];

  return (
    <Page title="Hiring" className="hiring">
      <section className="card hiring__add" aria-labelledby="add-candidate-heading">
        <h2 id="add-candidate-heading">Add candidate</h2>
        <CandidateForm
          key={formKey}
          initial={EMPTY_CANDIDATE}
          editing={false}
          choosesOwner={choosesOwner}
          isSaving={save.isPending && editing === null}
          onSave={add}
          onDirtyChange={setAddDirty}
        />
      </section>

      <section className="hiring__list" aria-labelledby="view-candidates-heading">
        <h2 id="view-candidates-heading">View Candidates</h2>
        <div className="hiring__filters">
          <Select
            label="Filter by status"
            options={[
              { id: ALL, name: 'All statuses' },
              ...CANDIDATE_STATUSES.map((s) => ({ id: s, name: s })),
            ]}
            value={status}
            onChange={(key) => setStatus(key === null ? ALL : String(key))}
          />
          <Select
            label="Filter by discipline"
            options={[{ id: ALL, name: 'All disciplines' }, ...disciplines.map((d) => ({ id: d, name: d }))]}
            value={discipline}
            onChange={(key) => setDiscipline(key === null ? ALL : String(key))}
          />
        </div>
        <DataTable
          label="Candidates"
          what="candidates"
          rows={rows}
          load={candidates}
          listKey={`${status}|${discipline}`}
          rowKey={(c) => c.candidateId}
          columns={columns}
          defaultSort={{ column: 'applicationDate', direction: 'descending' }}
          actions={{
            header: 'Actions',
            render: (c) => (
              <div className="hiring__actions">
                {c.erased ? (
                  <>
                    <span className="hiring__erased-note">Personal data erased</span>
                    <Button variant="ghost" onPress={() => setDeleting(c)}>
                      Delete<span className="visually-hidden"> candidate {describe(c)}</span>
                    </Button>
                  </>
                ) : (
                  <>
                    <RowActions
                      isApproved={false}
                      approvedLabel=""
                      what={`candidate ${describe(c)}`}
                      onEdit={() => setEditing(c)}
                      onDelete={() => setDeleting(c)}
                    />
                    <HistoryButton
                      entityKind="candidate"
                      entityId={c.candidateId}
                      name={`candidate ${describe(c)}`}
                    />
                    <Button variant="ghost" onPress={() => setErasing(c)}>
                      Erase<span className="visually-hidden"> the personal data of {describe(c)}</span>
                    </Button>
                  </>
                )}
              </div>
            ),
          }}
          empty={
            status === ALL && discipline === ALL ? 'No candidates yet.' : 'No candidates match these filters.'
          }
          emptyAction={
            status === ALL && discipline === ALL ? (
              <a href="#add-candidate-heading">Add the first candidate</a>
            ) : (
              <Button
                variant="secondary"
                onPress={() => {
                  setStatus(ALL);
                  setDiscipline(ALL);
                }}
              >
                Show all candidates
              </Button>
            )
          }
        />
      </section>

      <ModalDialog
        title="Edit candidate"
        isOpen={editing !== null}
        onOpenChange={(open) => {
          if (!open) closeEdit();
        }}
        size="large"
      >
        {editing ? (
          <CandidateForm
            key={editing.candidateId}
            initial={draftOf(editing)}
            editing
            choosesOwner={choosesOwner}
            isSaving={save.isPending}
            onSave={update}
            onCancel={() => closeEdit()}
            onDirtyChange={setEditDirty}
          />
        ) : null}
      </ModalDialog>

      <DiscardChangesDialog
        isOpen={discardAsked}
        message={UNSAVED}
        onCancel={() => setDiscardAsked(false)}
        onConfirm={() => closeEdit(true)}
      />
      <LeaveWithoutSavingGuard when={addDirty || (editing !== null && editDirty)} message={UNSAVED} />
      <ConfirmDeleteDialog
        title="Delete candidate"
        row={deleting}
        question={(c) => msg.deleteConfirm(describe(c))}
        onDelete={(c) => remove.mutateAsync(c.candidateId)}
        isPending={remove.isPending}
        deletedMessage={msg.deleted}
        onClose={() => setDeleting(null)}
      />
      <ConfirmDeleteDialog
        title="Erase personal data"
        row={erasing}
        question={(c) => msg.eraseConfirm(describe(c))}
        onDelete={(c) => erase.mutateAsync(c.candidateId)}
        isPending={erase.isPending}
        deletedMessage={msg.erasedDone}
        onClose={() => setErasing(null)}
      />
    </Page>
  );
}

import { useRef, useState } from 'react';
import type { AdminProject } from '@portal/contracts';
import { errorMessage } from '../../lib/api';
import { ConfirmDialog } from '../../ui/dialog';
import { LoadError, LoadingSkeleton } from '../../ui/query-state';
import { showToast } from '../../ui/toast';
import { useDiscardGuard } from '../../ui/unsaved-changes';
import {
  useAdminClients,
  useAdminOwners,
  useAdminProjects,
  useDeleteProject,
  useSaveProject,
} from './api/catalog-api';
import { ProjectForm } from './components/project-form';
import { ProjectsTable } from './components/projects-table';
import { deleteOutcomeMessage, newProjectDraft, projectDraftOf } from './project-rules';
import { Page } from '../../ui/page';
import './admin-catalog.css';

/** The confirmation before deleting (spec §8), saying what happens to a project with history. */
export function deleteQuestion(project: AdminProject): string {
  return (
    `Are you Sure you want to delete the project ${project.name}? ` +
    'A project with recorded time or expenses (or planned hours or people on its roster) is deactivated instead, so its history stays.'
  );
}

/**
 * '/admin/projects/create' and '/admin/projects/edit': the project form (Add New Project, or
 * Editing after a row's edit button) above the projects table.
 */
export function ProjectsPage() {
  const projects = useAdminProjects();
  const clients = useAdminClients();
  const owners = useAdminOwners();
  const save = useSaveProject();
  const remove = useDeleteProject();
  const [editing, setEditing] = useState<AdminProject | null>(null);
  const [deleting, setDeleting] = useState<AdminProject | null>(null);
  // A new form (fresh state) after each save, cancel or reset.
  const [formKey, setFormKey] = useState(0);
  const formTop = useRef<HTMLDivElement>(null);
  const unsaved = useDiscardGuard(
    `Your changes to ${editing ? `the project ${editing.name}` : 'the new project'} are not saved.`,
  );

  const backToNew = () => {
    setEditing(null);
    setFormKey((k) => k + 1);
  };
  // Choosing another row while the form holds unsaved changes asks first.
  const edit = (project: AdminProject) => unsaved.guard(() => open(project));
  const open = (project: AdminProject) => {
    setEditing(project);
    setFormKey((k) => k + 1);
    formTop.current?.scrollIntoView({ block: 'start' });
    // Focus the form's first field so the keyboard follows the edit.
    requestAnimationFrame(() => formTop.current?.querySelector<HTMLInputElement>('input')?.focus());
  };

  function confirmDelete() {
    if (!deleting || remove.isPending) return;
    const project = deleting;
    remove.mutateAsync({ projectId: project.projectId }).then(
      (answer) => {
        showToast(
          deleteOutcomeMessage(project.name, answer.outcome),
          answer.outcome === 'unchanged' ? 'info' : 'success',
        );
        if (editing?.projectId === project.projectId) backToNew();
        setDeleting(null);
      },
      (error: unknown) => {
        showToast(errorMessage(error), 'danger');
        setDeleting(null);
      },
    );
  }

  const lists = [clients, owners];
  const failed = lists.find((q) => q.isError && q.data === undefined);
  const onlyOwner = owners.data?.length === 1 ? owners.data[0]!.ownerId : null;

  return (
    <Page title="Projects" className="admin-catalog">
      <div ref={formTop}>
        {failed ? (
          <LoadError
            error={failed.error}
            what="clients and owners"
            onRetry={failed.refetch}
            isRetrying={failed.isFetching}
          />
        ) : clients.data === undefined || owners.data === undefined ? (
          <LoadingSkeleton what="the project form" lines={6} />
        ) : (
          <ProjectForm
            key={formKey}
            projectId={editing?.projectId ?? null}
            initial={editing ? projectDraftOf(editing) : newProjectDraft(onlyOwner)}
            clients={clients.data}
            owners={owners.data}
            isPending={save.isPending}
            onSubmit={(body) => save.mutateAsync({ projectId: editing?.projectId ?? null, body })}
            onSaved={backToNew}
            onReset={backToNew}
            onDirtyChange={unsaved.setDirty}
          />
        )}
      </div>
      <section className="card" aria-labelledby="projects-table-title">
        <h2 id="projects-table-title" className="card__title">
          Projects
        </h2>
        <ProjectsTable rows={projects.data} load={projects} onEdit={edit} onDelete={setDeleting} />
      </section>
      <ConfirmDialog
        title="Delete project"
        isOpen={deleting !== null}
        confirmLabel="Yes"
        cancelLabel="No"
        tone="danger"
        isPending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      >
        {deleting ? <p>{deleteQuestion(deleting)}</p> : null}
      </ConfirmDialog>
      {unsaved.dialogs}
    </Page>
  );
}

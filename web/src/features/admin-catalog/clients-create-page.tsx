import { useState } from 'react';
import { catalogAdminMessages } from '@portal/contracts';
import { useSaveClient } from './api/catalog-api';
import { newClientDraft } from './client-rules';
import { ClientForm } from './components/client-form';
import { Page } from '../../ui/page';
import './admin-catalog.css';

/** '/admin/clients/create': Add New Client (details and two contacts); the form clears after saving. */
export function ClientsCreatePage() {
  const save = useSaveClient();
  // A new key gives a fresh, empty form after each saved client.
  const [formKey, setFormKey] = useState(0);
  return (
    <Page title="Add New Client" className="admin-catalog">
      <ClientForm
        key={formKey}
        title="Client"
        initial={newClientDraft()}
        submitLabel="Save Client"
        isPending={save.isPending}
        onSubmit={(body) => save.mutateAsync({ clientId: null, body })}
        savedMessage={catalogAdminMessages.clientAdded}
        onSaved={() => setFormKey((k) => k + 1)}
      />
    </Page>
  );
}

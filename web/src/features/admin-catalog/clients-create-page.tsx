import { useState } from 'react';
import { catalogAdminMessages } from '@portal/contracts';
import { useSaveClient } from './api/catalog-api';
import { newClientDraft } from './client-rules';
import { ClientForm } from './components/client-form';
import './admin-catalog.css';

/** '/admin/clients/create': Add New Client (details and two contacts); the form clears after saving. */
export function ClientsCreatePage() {
  const save = useSaveClient();
  // A new key gives a fresh, empty form after each saved client.
  const [formKey, setFormKey] = useState(0);
  return (
    <div className="page admin-catalog">
      <header className="page__header">
        <h1>Add New Client</h1>
      </header>
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
    </div>
  );
}

import { useMemo, useState } from 'react';
import { Input, Label, SearchField } from 'react-aria-components';
import { useNavigate } from 'react-router-dom';
import { catalogAdminMessages, type AdminClient } from '@portal/contracts';
import { Button } from '../../ui/button';
import { EmptyState, QueryState } from '../../ui/query-state';
import { useDiscardGuard } from '../../ui/unsaved-changes';
import { useAdminClients, useSaveClient } from './api/catalog-api';
import { clientDraftOf } from './client-rules';
import { ClientForm } from './components/client-form';
import './admin-catalog.css';
import { HistoryButton } from '../../ui/history';

/**
 * '/admin/clients/edit': Select Client to Edit. A searchable button list of the clients in the
 * admin's scope, a New Client button, and the chosen client's details and contacts.
 */
export function ClientsEditPage() {
  const clients = useAdminClients();
  const save = useSaveClient();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [selectedId, setSelectedId] = useState<number | null>(null);

  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (clients.data ?? []).filter((c) => needle === '' || c.name.toLowerCase().includes(needle));
  }, [clients.data, search]);
  const selected: AdminClient | undefined = clients.data?.find((c) => c.clientId === selectedId);
  const unsaved = useDiscardGuard(`Your changes to ${selected?.name ?? 'this client'} are not saved.`);

  return (
    <div className="page admin-catalog">
      <header className="page__header admin-catalog__header">
        <h1>Select Client to Edit</h1>
        <Button onPress={() => navigate('/admin/clients/create')}>New Client</Button>
      </header>
      <div className="client-picker">
        <section className="card client-picker__list" aria-labelledby="client-list-title">
          <h2 id="client-list-title" className="card__title">
            Clients
          </h2>
          <SearchField className="field" value={search} onChange={setSearch}>
            <Label className="field__label">Search clients</Label>
            <Input className="field__input" placeholder="Client name" />
          </SearchField>
          <QueryState
            query={clients}
            what="clients"
            isEmpty={(data) => data.length === 0}
            empty={
              <EmptyState
                action={<Button onPress={() => navigate('/admin/clients/create')}>Add New Client</Button>}
              >
                No clients yet.
              </EmptyState>
            }
          >
            {() =>
              shown.length === 0 ? (
                <p className="catalog-form__note">No client matches “{search.trim()}”.</p>
              ) : (
                <ul className="client-buttons" aria-label="Clients">
                  {shown.map((client) => (
                    <li key={client.clientId}>
                      <Button
                        variant={client.clientId === selectedId ? 'primary' : 'secondary'}
                        className="client-buttons__button"
                        aria-pressed={client.clientId === selectedId}
                        onPress={() => unsaved.guard(() => setSelectedId(client.clientId))}
                      >
                        {client.name}
                      </Button>
                    </li>
                  ))}
                </ul>
              )
            }
          </QueryState>
        </section>
        {selected ? (
          <>
            <div className="row-actions">
              <HistoryButton entityKind="client" entityId={String(selected.clientId)} name={selected.name} />
            </div>
            <ClientForm
              key={selected.clientId}
              title={`Editing ${selected.name}`}
              initial={clientDraftOf(selected)}
              submitLabel="Update Client"
              isPending={save.isPending}
              onSubmit={(body) => save.mutateAsync({ clientId: selected.clientId, body })}
              savedMessage={catalogAdminMessages.clientUpdated}
              onCancel={() => setSelectedId(null)}
              onDirtyChange={unsaved.setDirty}
            />
          </>
        ) : (
          <section className="card client-picker__hint">
            <p>Choose a client from the list to see and change its details and contacts.</p>
          </section>
        )}
      </div>
      {unsaved.dialogs}
    </div>
  );
}

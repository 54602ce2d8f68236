import { useState } from 'react';
import {
  CODE_LIST_NAMES,
  vehicleMessages,
  type CodeListEntry,
  type VehicleCodeListId,
} from '@portal/contracts';
import { ApiError, errorMessage } from '../../../lib/api';
import { Button } from '../../../ui/button';
import { ModalDialog, DialogActions } from '../../../ui/dialog';
import { Select } from '../../../ui/select';
import { TextField } from '../../../ui/text-field';
import { showToast } from '../../../ui/toast';
import { useAddCodeListEntry } from '../api/vehicles-api';
import { CheckedForm } from '../../../ui/checked-form';

export interface CodeListFieldProps {
  readonly listId: VehicleCodeListId;
  readonly label: string;
  readonly entries: readonly CodeListEntry[];
  readonly value: string;
  readonly onChange: (title: string) => void;
  readonly errorMessage?: string;
}

/**
 * A field picked from a code list, with 'Add {name}…' beside it: a small dialog that adds an
 * entry to the list (recorded on the server) and picks it.
 */
export function CodeListField({
  listId,
  label,
  entries,
  value,
  onChange,
  errorMessage: error,
}: CodeListFieldProps) {
  const name = CODE_LIST_NAMES[listId].toLowerCase();
  const [adding, setAdding] = useState(false);
  const [title, setTitle] = useState('');
  const [titleError, setTitleError] = useState<string | undefined>();
  const add = useAddCodeListEntry();
  const options = entries.filter((e) => e.id === listId).map((e) => ({ id: e.title, name: e.title }));

  function close() {
    setAdding(false);
    setTitle('');
    setTitleError(undefined);
  }

  function save() {
    if (!title.trim()) {
      setTitleError(vehicleMessages.titleRequired);
      return;
    }
    add.mutate(
      { listId, title: title.trim(), desc: null },
      {
        onSuccess: ({ entry }) => {
          showToast(vehicleMessages.entryAdded(CODE_LIST_NAMES[listId], entry.title), 'success');
          onChange(entry.title);
          close();
        },
        onError: (failure) => {
          const message = failure instanceof ApiError ? failure.problemAt('title') : undefined;
          setTitleError(message ?? errorMessage(failure));
        },
      },
    );
  }

  return (
    <div className="code-list-field">
      <Select
        label={label}
        options={options}
        value={value || null}
        onChange={(key) => onChange(key === null ? '' : String(key))}
        errorMessage={error}
        isRequired
      />
      <Button variant="secondary" className="code-list-field__add" onPress={() => setAdding(true)}>
        Add {name}…
      </Button>
      <ModalDialog
        title={`Add ${name}`}
        isOpen={adding}
        onOpenChange={(open) => !open && close()}
        size="small"
      >
        <CheckedForm onSubmit={save}>
          <div className="dialog__body">
            <TextField
              label={`New ${name}`}
              value={title}
              onChange={(text) => {
                setTitle(text);
                setTitleError(undefined);
              }}
              errorMessage={titleError}
              autoFocus
            />
          </div>
          <DialogActions cancelLabel="Cancel" onCancel={close}>
            <Button type="submit" isPending={add.isPending}>
              Add
            </Button>
          </DialogActions>
        </CheckedForm>
      </ModalDialog>
    </div>
  );
}

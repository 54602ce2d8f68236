import { useState } from 'react';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { showToast } from './toast';

/**
 * The row being edited and the row being deleted in a saved list (its query: `listKey`). Before
 * either dialog opens, `refusal` may say why the row cannot be changed (shown as a toast instead).
 */
export function useRowDialogs<T>(refusal: (row: T) => Promise<string | null>, listKey: QueryKey) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<T | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const openIfAllowed = async (row: T, open: (row: T) => void) => {
    const refused = await refusal(row);
    if (refused) showToast(refused, 'danger');
    else open(row);
  };
  return {
    editing,
    deleting,
    edit: (row: T) => void openIfAllowed(row, setEditing),
    remove: (row: T) => void openIfAllowed(row, setDeleting),
    closeEdit: () => setEditing(null),
    closeDelete: () => setDeleting(null),
    /** After a stale-version refusal: close the edit and load the list again. */
    reload: () => {
      setEditing(null);
      void queryClient.invalidateQueries({ queryKey: listKey });
    },
  };
}

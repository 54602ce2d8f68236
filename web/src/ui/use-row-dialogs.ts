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
    /** For the list's table: each row's Edit and Delete. */
    actions: {
      onEdit: (row: T) => void openIfAllowed(row, setEditing),
      onDelete: (row: T) => void openIfAllowed(row, setDeleting),
    },
    /** For the edit dialog: the row, Close, and Reload after a stale-version refusal. */
    editDialog: {
      row: editing,
      onClose: () => setEditing(null),
      onReload: () => {
        setEditing(null);
        void queryClient.invalidateQueries({ queryKey: listKey });
      },
    },
    /** For the delete dialog. */
    deleteDialog: { row: deleting, onClose: () => setDeleting(null) },
  };
}

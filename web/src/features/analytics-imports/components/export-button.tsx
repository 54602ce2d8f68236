import { useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { Button } from '../../../ui/button';
import { showToast } from '../../../ui/toast';

/** 'Export to Excel': downloads the xlsx of what is shown (the server writes the same filters). */
export function ExportButton({ run, isDisabled }: { run: () => Promise<unknown>; isDisabled?: boolean }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      isPending={busy}
      isDisabled={isDisabled}
      onPress={() => {
        setBusy(true);
        run()
          .catch((error: unknown) => showToast(errorMessage(error), 'danger'))
          .finally(() => setBusy(false));
      }}
    >
      Export to Excel
    </Button>
  );
}

import { useState } from 'react';
import type { ErpFilter, ErpPage } from '@portal/contracts';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/button';
import { showToast } from '../../ui/toast';
import { exportErpReport } from './erp-api';

/** 'Export xlsx': the view as shown (same filters), saved by the browser. */
export function ExportButton({ page, filter }: { page: ErpPage; filter: ErpFilter }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const name = await exportErpReport(page, filter);
      showToast(`${name} downloaded.`, 'success');
    } catch (error) {
      showToast(errorMessage(error), 'danger');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" onPress={() => void run()} isDisabled={busy}>
      {busy ? 'Exporting…' : 'Export xlsx'}
    </Button>
  );
}

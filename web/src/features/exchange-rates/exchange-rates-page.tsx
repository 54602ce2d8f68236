import { useEffect, useRef, useState } from 'react';
import { CURRENCIES, exchangeRateMessages as msg, type ExchangeRateRow } from '@portal/contracts';
import { ApiError, errorMessage } from '../../lib/api';
import { useCanWrite } from '../../lib/current-user';
import { Button } from '../../ui/button';
import { showToast } from '../../ui/toast';
import { isProviderConfigured, useAdminExchangeRates, useTodaysRates } from './api/get-exchange-rates';
import { useUpdateExchangeRates } from './api/update-exchange-rates';
import { ProviderRates } from './components/provider-rates';
import { RatesTable } from './components/rates-table';
import { checkDrafts, draftsOf, type RateDrafts, type RateErrors, serverErrorsOf } from './rate-rules';
import { Page } from '../../ui/page';
import { CheckedForm } from '../../ui/checked-form';
import { FormActions } from '../../ui/form-actions';
import './exchange-rates.css';

/**
 * '/admin/exchange-rates' (admins): the embedded rates table (units of each currency one USD
 * buys), edited in place. With the HTTP provider configured the server refuses the table (409);
 * the page then shows today's provider rates read-only. An auditor (issue 11) reads the table
 * without Edit; the server refuses an auditor's write anyway.
 */
export function ExchangeRatesPage() {
  const table = useAdminExchangeRates();
  const providerMode = table.isError && isProviderConfigured(table.error);
  const provider = useTodaysRates(providerMode);
  const update = useUpdateExchangeRates();
  const canWrite = useCanWrite();

  const [drafts, setDrafts] = useState<RateDrafts | null>(null);
  const [errors, setErrors] = useState<RateErrors>({});
  // The shared Button takes no ref: its wrapper finds it to hand focus back after editing.
  const editButton = useRef<HTMLSpanElement>(null);
  const focusEditNext = useRef(false);
  const editing = drafts !== null && !providerMode && canWrite;

  useEffect(() => {
    if (!editing && focusEditNext.current) {
      focusEditNext.current = false;
      editButton.current?.querySelector('button')?.focus();
    }
  }, [editing]);

  const rows: readonly ExchangeRateRow[] = table.data ?? [];

  function startEditing() {
    setErrors({});
    setDrafts(draftsOf(rows));
  }

  function stopEditing() {
    focusEditNext.current = true;
    setErrors({});
    setDrafts(null);
  }

  function save() {
    if (!drafts || update.isPending) return;
    const checked = checkDrafts(drafts, rows);
    if (!checked.ok) {
      setErrors(checked.errors);
      showToast('Please correct the highlighted rates.', 'danger');
      return;
    }
    if (!checked.request) {
      showToast('No rates were changed.', 'info');
      stopEditing();
      return;
    }
    const request = checked.request;
    update.mutate(request, {
      onSuccess: () => {
        showToast(msg.updated, 'success');
        stopEditing();
      },
      onError: (error) => {
        if (error instanceof ApiError) setErrors(serverErrorsOf(error.problems, request));
        showToast(errorMessage(error), 'danger');
      },
    });
  }

  if (providerMode) {
    return (
      <Page title="Exchange rates" className="exchange-rates">
        <ProviderRates query={provider} note={errorMessage(table.error, msg.providerConfigured)} />
      </Page>
    );
  }

  return (
    <Page
      title="Exchange rates"
      className="exchange-rates"
      tools={
        editing || !canWrite ? null : (
          <span ref={editButton}>
            <Button onPress={startEditing} isDisabled={table.isPending || table.isError}>
              Edit
            </Button>
          </span>
        )
      }
    >
      <p className="page__lead">
        How many units of each currency one US dollar buys. Expenses in another currency are converted with
        these rates. USD is the base currency and is always 1.
      </p>
      <CheckedForm
        aria-label="Exchange rates"
        onSubmit={save}
        onKeyDown={(event) => {
          if (editing && event.key === 'Escape' && !update.isPending) {
            event.preventDefault();
            stopEditing();
          }
        }}
      >
        <RatesTable
          rows={table.data}
          currencies={CURRENCIES}
          load={table}
          drafts={editing ? drafts : null}
          canWrite={canWrite}
          errors={errors}
          isSaving={update.isPending}
          onDraftChange={(currency, value) => {
            setDrafts((current) => (current ? { ...current, [currency]: value } : current));
            setErrors((current) => ({ ...current, [currency]: undefined }));
          }}
        />
        {editing ? (
          <FormActions
            className="exchange-rates__actions"
            submitLabel="Save"
            isPending={update.isPending}
            onCancel={stopEditing}
          />
        ) : null}
      </CheckedForm>
    </Page>
  );
}

import { fromScaled } from '@invoicing/contract';
import { Loader, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { describeError } from '../../../lib/api-errors';
import { paths } from '../../../lib/paths';
import { refreshAfterPurchase } from '../../../lib/queries/refresh-after-purchase';
import { showToast } from '../../../lib/toast';
import { useCapturePaymobMutation } from '../api/capture-paymob';
import { ResultCard } from './result-card';

/** Paymob gives the amount in cents; the server is asked with it in the currency's units. */
function amountOf(cents: string | null): string | undefined {
  return cents && /^\d{1,12}$/.test(cents) ? fromScaled(BigInt(cents), 2) : undefined;
}

/**
 * Where Paymob sends the payer back (SPEC §2): the server is asked once to check the transaction with Paymob
 * (nothing is credited on the browser's word), then the payer returns to /usage with the outcome.
 */
export function PaymobReturnPage() {
  const { t, i18n } = useTranslation(['payments', 'errors']);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const capture = useCapturePaymobMutation();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const transactionId = params.get('id');
    const done = (message: string, kind: 'success' | 'error') => {
      showToast(message, kind);
      void navigate(paths.usage, { replace: true });
    };
    if (!transactionId) {
      done(t('paymob.noTransaction'), 'error');
      return;
    }
    const notSuccessful = t('paymob.notSuccessful');
    capture
      .mutateAsync({
        transactionId,
        amount: amountOf(params.get('amount_cents')),
        currency: params.get('currency') ?? undefined,
      })
      .then(async (answer) => {
        if (!answer.success) {
          done(notSuccessful, 'error');
          return;
        }
        await refreshAfterPurchase(queryClient);
        done(t('paymob.successful'), 'success');
      })
      .catch((error: unknown) => {
        const reason = describeError(error, t, i18n.language, notSuccessful);
        done(reason === notSuccessful ? reason : `${notSuccessful}: ${reason}`, 'error');
      });
  }, [capture, i18n.language, navigate, params, queryClient, t]);

  return (
    <ResultCard
      title={t('success.confirming')}
      icon={<Loader size="sm" />}
      color="blue"
      testId="page-payment-paymob-return"
      status="checking"
    >
      <Text c="dimmed">{t('paymob.checking')}</Text>
    </ResultCard>
  );
}

import type { PaymentView } from '@invoicing/contract';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { IconCheck, IconClock, IconX } from '../../../components/icons';
import { describeError } from '../../../lib/api-errors';
import { formatMoney, formatNumber } from '../../../lib/format';
import { href, paths } from '../../../lib/paths';
import { refreshAfterPurchase } from '../../../lib/queries/refresh-after-purchase';
import { useSession } from '../../../lib/session';
import { getUpgradePayment, setUpgradePayment } from '../../../lib/storage';
import { usePlanName } from '../../../components/plans/plan-name';
import { pendingChecks, verifyPaymentQueryOptions } from '../api/verify-payment';
import { priceCurrency } from './payment-summary';
import { ResultCard } from './result-card';

/** SPEC §9: the success page returns to the account 2 seconds after it confirmed the payment. */
export const successRedirectMs = 2000;

/** Back to /usage after the success delay. */
function useReturnToUsage(active: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!active) return undefined;
    const timer = window.setTimeout(() => void navigate(paths.usage), successRedirectMs);
    return () => window.clearTimeout(timer);
  }, [active, navigate]);
}

function BackToUsage() {
  const { t } = useTranslation('payments');
  return (
    <Button component={Link} to={paths.usage} variant="default" data-testid="payment-success-back">
      {t('success.backToUsage')}
    </Button>
  );
}

/** What a confirmed payment bought and what it cost. */
function PaymentDetails({ payment }: { payment: PaymentView }) {
  const { t, i18n } = useTranslation(['payments', 'usage']);
  const planName = usePlanName();
  const language = i18n.language;
  const number = (value: number) => formatNumber(value, language);
  const bought: string[] = [];
  if (payment.plan_name) {
    bought.push(
      t('success.planBought', {
        plan: planName(payment.plan_name),
        cycle: t(`success.cycles.${payment.billing_cycle ?? 'monthly'}`),
      }),
    );
  }
  if (payment.credits > 0) bought.push(t('summary.credits', { value: number(payment.credits) }));
  if (payment.storage_mb > 0) bought.push(t('summary.storage', { value: number(payment.storage_mb) }));
  return (
    <Stack gap={4} data-testid="payment-success-details">
      {bought.map((line) => (
        <Text key={line} fw={600}>
          {line}
        </Text>
      ))}
      <Group gap={6} justify="center">
        <Text c="dimmed">{t('success.paid')}</Text>
        <Text fw={700} className="money" data-testid="payment-success-amount">
          {formatMoney(payment.amount, priceCurrency, language)}
        </Text>
      </Group>
      {payment.charged_currency !== priceCurrency ? (
        <Group gap={6} justify="center">
          <Text c="dimmed">{t('success.charged')}</Text>
          <Text fw={700} className="money" data-testid="payment-success-charged">
            {formatMoney(payment.charged_amount, payment.charged_currency, language)}
          </Text>
        </Group>
      ) : null}
    </Stack>
  );
}

/** Asks the server (which asks the gateway) about the payment, and again while it is pending, a few times. */
function VerifiedResult({ paymentId }: { paymentId: string }) {
  const { t, i18n } = useTranslation(['payments', 'pages']);
  const queryClient = useQueryClient();
  const options = verifyPaymentQueryOptions(paymentId);
  const verify = useQuery(options);
  const status = verify.data?.status;
  const refreshed = useRef(false);

  useEffect(() => {
    if (status === undefined || status === 'PENDING') return;
    // A finished upgrade is no longer waited for.
    if (getUpgradePayment()?.paymentId === paymentId) setUpgradePayment(null);
    if (status === 'SUCCEEDED' && !refreshed.current) {
      refreshed.current = true;
      void refreshAfterPurchase(queryClient);
    }
  }, [status, paymentId, queryClient]);
  useReturnToUsage(status === 'SUCCEEDED');

  if (verify.data === undefined) {
    if (verify.isError) {
      const title = t('success.unknownTitle');
      return (
        <ResultCard
          title={title}
          icon={<IconX size={28} />}
          color="orange"
          testId="page-payment-success"
          status="error"
        >
          <Text c="dimmed" data-testid="payment-success-message">
            {describeError(verify.error, t, i18n.language, t('success.checkFailed'))}
          </Text>
          <Group justify="center" gap="sm">
            <Button
              onClick={() => void verify.refetch()}
              loading={verify.isFetching}
              data-testid="payment-success-check"
            >
              {t('success.checkAgain')}
            </Button>
            <BackToUsage />
          </Group>
        </ResultCard>
      );
    }
    return (
      <ResultCard
        title={t('success.confirming')}
        icon={<Loader size="sm" />}
        color="blue"
        testId="page-payment-success"
        status="checking"
      >
        <Text c="dimmed" data-testid="payment-success-message">
          {t('success.checking')}
        </Text>
      </ResultCard>
    );
  }

  const payment = verify.data;
  if (payment.status === 'SUCCEEDED') {
    return (
      <ResultCard
        title={t('pages:paymentSuccess')}
        icon={<IconCheck size={28} />}
        color="teal"
        testId="page-payment-success"
        status="succeeded"
        actions={<BackToUsage />}
      >
        <PaymentDetails payment={payment} />
        <Text c="dimmed" data-testid="payment-success-message">
          {t('success.confirmed')}
        </Text>
      </ResultCard>
    );
  }
  if (payment.status === 'PENDING') {
    // The query asks again by itself until it has had `pendingChecks.times` answers; then the payer may ask.
    // Reading dataUpdatedAt renders the page again on every answer, also one that says the same.
    const answers =
      verify.dataUpdatedAt > 0 ? (queryClient.getQueryState(options.queryKey)?.dataUpdateCount ?? 0) : 0;
    const gaveUp = answers >= pendingChecks.times;
    return (
      <ResultCard
        title={t('success.pendingTitle')}
        icon={<IconClock size={28} />}
        color="blue"
        testId="page-payment-success"
        status="pending"
        actions={
          gaveUp ? (
            <>
              <Button
                onClick={() => void verify.refetch()}
                loading={verify.isFetching}
                data-testid="payment-success-check"
              >
                {t('success.checkAgain')}
              </Button>
              <BackToUsage />
            </>
          ) : (
            <BackToUsage />
          )
        }
      >
        <Text c="dimmed" data-testid="payment-success-message">
          {t(gaveUp ? 'success.stillPending' : 'success.pending')}
        </Text>
      </ResultCard>
    );
  }
  if (payment.status === 'CANCELLED') {
    // A gateway with one return address for every end (Tap) brings back a payer who cancelled here too.
    return <Navigate to={href(paths.paymentCancel, {}, { payment_id: paymentId })} replace />;
  }
  return (
    <ResultCard
      title={t('pages:paymentFailure')}
      icon={<IconX size={28} />}
      color="red"
      testId="page-payment-success"
      status="failed"
      actions={
        <Button component={Link} to={paths.usage} data-testid="payment-success-retry">
          {t('success.tryAgain')}
        </Button>
      }
    >
      <Text c="dimmed" data-testid="payment-success-message">
        {t('success.notCompleted')}
      </Text>
    </ResultCard>
  );
}

/** Without a session or a payment to ask about, the page thanks the payer and returns to the account. */
function UnverifiedResult() {
  const { t } = useTranslation(['payments', 'pages']);
  useReturnToUsage(true);
  return (
    <ResultCard
      title={t('pages:paymentSuccess')}
      icon={<IconCheck size={28} />}
      color="teal"
      testId="page-payment-success"
      status="unverified"
      actions={<BackToUsage />}
    >
      <Text c="dimmed" data-testid="payment-success-message">
        {t('success.unverified')}
      </Text>
    </ResultCard>
  );
}

/**
 * SPEC §2, success page (public): signed in with an organization and a payment to ask about, it confirms the
 * payment with the server before saying so; then it returns to /usage after 2 seconds.
 */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const session = useSession();
  // A plan upgrade paid elsewhere (PayPal) may come back without our id: the one kept before leaving is asked.
  const paymentId = params.get('payment_id') || getUpgradePayment()?.paymentId || null;
  if (!session.isAuthenticated || !session.organizationId || !paymentId) return <UnverifiedResult />;
  return <VerifiedResult key={paymentId} paymentId={paymentId} />;
}

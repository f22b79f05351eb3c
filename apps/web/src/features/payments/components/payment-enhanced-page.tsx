import type { PaymentMethodCode } from '@invoicing/contract';
import { Alert, Container, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { LoadingState } from '../../../components/query-state';
import { PageHeader } from '../../../components/page-header';
import { describeError } from '../../../lib/api-errors';
import { paths } from '../../../lib/paths';
import type { PaymentLink } from '../../../lib/payment-link';
import { setUpgradePayment } from '../../../lib/storage';
import { useFormFields } from '../api/get-form-fields';
import { usePaymentMethods } from '../api/list-payment-methods';
import { useProcessDirectMutation } from '../api/process-direct';
import { useCanPay } from '../hooks/use-can-pay';
import { usePaymentLink } from '../hooks/use-payment-link';
import { usePaymentSteps } from '../hooks/use-payment-steps';
import { usePurchaseLabel } from '../hooks/use-purchase-label';
import { stepOfDirect } from '../payment-steps';
import { MethodPicker, MethodsState, methodsFor } from './method-picker';
import { NoDetailsNeeded, PaymentDetailsForm } from './payment-details-form';
import { PaymentError } from './payment-error';
import { PaymentFrameDialog } from './payment-frame-dialog';
import { PaymentSummary } from './payment-summary';
import { PaypalConfirm, PaypalNotice } from './paypal';
import { ReferencePanel } from './reference-panel';

const noFields: never[] = [];

/** The chosen method, its fields, and the payment made with what was typed in them. */
function EnhancedPaymentForm({ link }: { link: PaymentLink }) {
  const { t, i18n } = useTranslation('payments');
  const navigate = useNavigate();
  const methods = usePaymentMethods();
  const process = useProcessDirectMutation();
  const steps = usePaymentSteps();
  const label = usePurchaseLabel(link);
  const canPay = useCanPay();
  const [method, setMethod] = useState<PaymentMethodCode | null>(null);
  const [error, setError] = useState<{ title: string; detail?: string | null } | null>(null);
  // PayPal's details wait here while the payer confirms the amount in dollars.
  const [paypalDetails, setPaypalDetails] = useState<Record<string, string> | null>(null);
  const available = methodsFor(methods.data?.methods ?? [], link);
  const chosen = available.find((candidate) => candidate.name === method) ?? null;
  const fields = useFormFields(chosen?.name ?? null);

  const send = async (details: Record<string, string>) => {
    if (!chosen) return;
    setError(null);
    const processing = t('errors.processingFailed');
    try {
      const answer = await process.mutateAsync({
        payment_method: chosen.name,
        payment_type: link.type,
        amount: link.amount,
        description: label.slice(0, 200),
        credits: link.credits,
        storage_mb: link.storage_mb,
        plan_id: link.plan_id,
        billing_cycle: link.billing_cycle,
        payment_details: details,
      });
      if (!answer.success) {
        // The gateway's own words are English; another language says the page's sentence only.
        setError({ title: t('errors.failed'), detail: i18n.language === 'en' ? answer.error : null });
        return;
      }
      if (link.type === 'plan' && answer.payment_id) {
        setUpgradePayment({ paymentId: answer.payment_id, billingCycle: link.billing_cycle });
      }
      steps.follow(stepOfDirect(answer, chosen.name));
    } catch (caught) {
      setError({ title: processing, detail: describeError(caught, t, i18n.language, processing) });
    } finally {
      setPaypalDetails(null);
    }
  };

  const pay = async (details: Record<string, string>) => {
    setError(null);
    if (!chosen) {
      setError({ title: t('methods.select') });
      return;
    }
    if (chosen.name === 'paypal') {
      setPaypalDetails(details);
      return;
    }
    await send(details);
  };

  if (steps.shown?.kind === 'reference') {
    return <ReferencePanel step={steps.shown} amount={link.amount} onPaid={steps.toResult} />;
  }

  const fieldsReady = chosen === null || fields.data !== undefined;
  return (
    <Stack gap="lg">
      {canPay ? null : (
        <Alert color="gray" variant="light" data-testid="payment-owner-only">
          {t('ownerOnly')}
        </Alert>
      )}
      <MethodsState query={methods} available={available}>
        <MethodPicker
          methods={available}
          value={method}
          onChange={(code) => {
            setMethod(code);
            setError(null);
          }}
        />
        {chosen?.name === 'paypal' ? <PaypalNotice amount={link.amount} /> : null}
      </MethodsState>
      <PaymentDetailsForm
        key={chosen && fields.data ? chosen.name : 'none'}
        fields={chosen ? (fields.data?.form_fields ?? noFields) : noFields}
        onPay={pay}
        onCancel={() => void navigate(paths.usage)}
        payDisabled={!canPay || available.length === 0 || !fieldsReady}
        pending={process.isPending}
      >
        {chosen && fields.isError ? (
          <LoadError
            error={fields.error}
            onRetry={() => void fields.refetch()}
            retrying={fields.isFetching}
            failedTitle={t('errors.fieldsFailed')}
            invalidTitle={t('errors.fieldsFailed')}
            invalidColor="red"
            testIdPrefix="payment-fields"
            invalidTestId="payment-fields-error"
          />
        ) : chosen && fields.isPending ? (
          <LoadingState testId="payment-fields-loading" />
        ) : chosen && fields.data?.form_fields.length === 0 ? (
          <NoDetailsNeeded />
        ) : null}
        {error ? <PaymentError title={error.title} detail={error.detail} /> : null}
      </PaymentDetailsForm>
      <PaypalConfirm
        opened={paypalDetails !== null}
        amount={link.amount}
        onCancel={() => setPaypalDetails(null)}
        onConfirm={() => void (paypalDetails && send(paypalDetails))}
        pending={process.isPending}
      />
      <PaymentFrameDialog
        step={steps.shown?.kind === 'iframe' ? steps.shown : null}
        onClose={steps.close}
        onComplete={(paymentId) => {
          steps.close();
          steps.toResult(paymentId);
        }}
      />
    </Stack>
  );
}

/**
 * SPEC §2, Enhanced payment page: the methods, the details each asks for, PayPal's amount in dollars confirmed
 * before leaving, and the gateway's secure frame in a dialog.
 */
export function PaymentEnhancedPage() {
  const { t } = useTranslation('pages');
  const link = usePaymentLink();
  return (
    <Container size="sm" data-testid="page-payment-enhanced">
      <PageHeader title={t('paymentEnhanced')} />
      {link ? (
        <Stack gap="lg">
          <PaymentSummary link={link} />
          <EnhancedPaymentForm link={link} />
        </Stack>
      ) : null}
    </Container>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { LoadingState } from '../../../components/query-state';
import type { PaymentLink } from '../../../lib/payment-link';
import { useFormFields } from '../api/get-form-fields';
import { useProcessDirectMutation } from '../api/process-direct';
import { usePaymentFlow } from '../hooks/use-payment-flow';
import { stepOfDirect } from '../payment-steps';
import { NoDetailsNeeded } from './payment-details-form';
import { PaymentFlowView, PaymentPageFrame } from './payment-flow';
import { PaypalConfirm } from './paypal';

const noFields: never[] = [];

/** The chosen method, its fields, and the payment made with what was typed in them. */
function EnhancedPaymentForm({ link }: { link: PaymentLink }) {
  const { t } = useTranslation('payments');
  const flow = usePaymentFlow(link);
  const process = useProcessDirectMutation();
  // PayPal's details wait here while the payer confirms the amount in dollars.
  const [paypalDetails, setPaypalDetails] = useState<Record<string, string> | null>(null);
  const { chosen } = flow;
  const fields = useFormFields(chosen?.name ?? null);

  const send = async (details: Record<string, string>) => {
    if (!chosen) return;
    await flow.pay(
      () => process.mutateAsync({ ...flow.purchase(chosen), payment_details: details }),
      (answer) => stepOfDirect(answer, chosen.name),
      { refused: t('errors.failed'), failed: t('errors.processingFailed') },
    );
    setPaypalDetails(null);
  };

  const pay = async (details: Record<string, string>) => {
    const method = flow.requireChosen();
    if (!method) return;
    if (method.name === 'paypal') {
      setPaypalDetails(details);
      return;
    }
    await send(details);
  };

  const fieldsState =
    chosen && fields.isError ? (
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
    ) : null;

  return (
    <PaymentFlowView
      flow={flow}
      fields={chosen ? (fields.data?.form_fields ?? noFields) : noFields}
      fieldsKey={chosen && fields.data ? chosen.name : 'none'}
      onPay={pay}
      pending={process.isPending}
      notReady={chosen !== null && fields.data === undefined}
      fieldsState={fieldsState}
    >
      <PaypalConfirm
        opened={paypalDetails !== null}
        amount={link.amount}
        onCancel={() => setPaypalDetails(null)}
        onConfirm={() => void (paypalDetails && send(paypalDetails))}
        pending={process.isPending}
      />
    </PaymentFlowView>
  );
}

/**
 * SPEC §2, Enhanced payment page: the methods, the details each asks for, PayPal's amount in dollars confirmed
 * before leaving, and the gateway's secure frame in a dialog.
 */
export function PaymentEnhancedPage() {
  const { t } = useTranslation('pages');
  return (
    <PaymentPageFrame
      title={t('paymentEnhanced')}
      testId="page-payment-enhanced"
      form={(link) => <EnhancedPaymentForm link={link} />}
    />
  );
}

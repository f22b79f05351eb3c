import type { PaymentMethodCode } from '@invoicing/contract';
import type { PaymentFormField } from '@invoicing/contract';
import { Alert, Container, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { describeError } from '../../../lib/api-errors';
import { paths } from '../../../lib/paths';
import type { PaymentLink } from '../../../lib/payment-link';
import { setUpgradePayment } from '../../../lib/storage';
import { useCreatePaymentMutation } from '../api/create-payment';
import { usePaymentMethods } from '../api/list-payment-methods';
import { useCanPay } from '../hooks/use-can-pay';
import { usePaymentLink } from '../hooks/use-payment-link';
import { usePaymentSteps } from '../hooks/use-payment-steps';
import { usePurchaseLabel } from '../hooks/use-purchase-label';
import { stepOfCreated } from '../payment-steps';
import { MethodPicker, MethodsState, methodsFor } from './method-picker';
import { PaymentDetailsForm } from './payment-details-form';
import { PaymentError } from './payment-error';
import { PaymentFrameDialog } from './payment-frame-dialog';
import { PaymentSummary } from './payment-summary';
import { PaypalNotice } from './paypal';
import { ReferencePanel } from './reference-panel';

const noFields: PaymentFormField[] = [];

/** Mobile wallets are charged on the payer's number: the one detail this page asks (SPEC §7, create: phone). */
function walletFields(label: string): PaymentFormField[] {
  return [
    {
      name: 'phone',
      label,
      label_ar: label,
      type: 'tel',
      required: true,
      placeholder: '01XXXXXXXXX',
      validation: 'phone_eg',
      options: [],
    },
  ];
}

/** Pay Now with the chosen method: the payment is created and followed to the gateway, a reference or a frame. */
function PaymentForm({ link }: { link: PaymentLink }) {
  const { t, i18n } = useTranslation('payments');
  const navigate = useNavigate();
  const methods = usePaymentMethods();
  const create = useCreatePaymentMutation();
  const steps = usePaymentSteps();
  const label = usePurchaseLabel(link);
  const canPay = useCanPay();
  const [method, setMethod] = useState<PaymentMethodCode | null>(null);
  const [error, setError] = useState<{ title: string; detail?: string | null } | null>(null);
  const available = methodsFor(methods.data?.methods ?? [], link);
  const chosen = available.find((candidate) => candidate.name === method) ?? null;
  const walletLabel = t('details.walletPhone');
  const wallet = useMemo(() => walletFields(walletLabel), [walletLabel]);

  const pay = async (phone?: string) => {
    setError(null);
    if (!chosen) {
      setError({ title: t('methods.select') });
      return;
    }
    const failed = t('errors.creationFailed');
    try {
      const answer = await create.mutateAsync({
        payment_method: chosen.name,
        payment_type: link.type,
        amount: link.amount,
        description: label.slice(0, 200),
        credits: link.credits,
        storage_mb: link.storage_mb,
        plan_id: link.plan_id,
        billing_cycle: link.billing_cycle,
        phone,
        return_url: `${window.location.origin}${paths.paymentSuccess}`,
        cancel_url: `${window.location.origin}${paths.paymentCancel}`,
      });
      if (!answer.success) {
        // The gateway's own words are English; another language says the page's sentence only.
        setError({ title: failed, detail: i18n.language === 'en' ? answer.error : null });
        return;
      }
      if (link.type === 'plan' && answer.payment_id) {
        setUpgradePayment({ paymentId: answer.payment_id, billingCycle: link.billing_cycle });
      }
      steps.follow(stepOfCreated(answer, chosen.name));
    } catch (caught) {
      setError({ title: failed, detail: describeError(caught, t, i18n.language, failed) });
    }
  };

  if (steps.shown?.kind === 'reference') {
    return <ReferencePanel step={steps.shown} amount={link.amount} onPaid={steps.toResult} />;
  }

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
        key={chosen?.name === 'wallet_eg' ? 'wallet' : 'none'}
        fields={chosen?.name === 'wallet_eg' ? wallet : noFields}
        onPay={(details) => pay(details.phone)}
        onCancel={() => void navigate(paths.usage)}
        payDisabled={!canPay || available.length === 0}
        pending={create.isPending}
      >
        {error ? <PaymentError title={error.title} detail={error.detail} /> : null}
      </PaymentDetailsForm>
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

/** SPEC §2, Payment page: the amount, the methods by region, the chosen one described, Pay Now and Cancel. */
export function PaymentPage() {
  const { t } = useTranslation('pages');
  const link = usePaymentLink();
  return (
    <Container size="sm" data-testid="page-payment">
      <PageHeader title={t('payment')} />
      {link ? (
        <Stack gap="lg">
          <PaymentSummary link={link} />
          <PaymentForm link={link} />
        </Stack>
      ) : null}
    </Container>
  );
}

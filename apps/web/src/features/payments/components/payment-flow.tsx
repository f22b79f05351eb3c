import type { PaymentFormField } from '@invoicing/contract';
import { Alert, Container, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../lib/paths';
import type { PaymentLink } from '../../../lib/payment-link';
import type { PaymentFlow } from '../hooks/use-payment-flow';
import { usePaymentLink } from '../hooks/use-payment-link';
import { MethodPicker, MethodsState } from './method-picker';
import { PaymentDetailsForm } from './payment-details-form';
import { PaymentError } from './payment-error';
import { PaymentFrameDialog } from './payment-frame-dialog';
import { PaymentSummary } from './payment-summary';
import { PaypalNotice } from './paypal';
import { ReferencePanel } from './reference-panel';

interface PaymentFlowViewProps {
  flow: PaymentFlow;
  /** The fields asked for the chosen method, and the key that starts the form afresh when they change. */
  fields: readonly PaymentFormField[];
  fieldsKey: string;
  onPay: (details: Record<string, string>) => Promise<void>;
  pending: boolean;
  /** Pay Now waits for something more than a method (the chosen method's fields). */
  notReady?: boolean;
  /** Said above the buttons, before a failure: the fields' loading state, say. */
  fieldsState?: ReactNode;
  /** Dialogs of the page's own (PayPal's confirmation). */
  children?: ReactNode;
}

/**
 * What both payment pages show: who may pay, the methods by region with PayPal's dollar notice, the chosen
 * method's fields with Pay Now and Cancel, why a payment did not go on, and then the payment's next step
 * here (a reference code to pay with, the gateway's frame).
 */
export function PaymentFlowView({
  flow,
  fields,
  fieldsKey,
  onPay,
  pending,
  notReady = false,
  fieldsState,
  children,
}: PaymentFlowViewProps) {
  const { t } = useTranslation('payments');
  const navigate = useNavigate();
  const { link, steps, chosen, failure } = flow;

  if (steps.shown?.kind === 'reference') {
    return <ReferencePanel step={steps.shown} amount={link.amount} onPaid={steps.toResult} />;
  }

  return (
    <Stack gap="lg">
      {flow.canPay ? null : (
        <Alert color="gray" variant="light" data-testid="payment-owner-only">
          {t('ownerOnly')}
        </Alert>
      )}
      <MethodsState query={flow.methods} available={flow.available}>
        <MethodPicker
          methods={flow.available}
          amount={link.amount}
          value={chosen?.name ?? null}
          onChange={flow.choose}
        />
        {chosen?.name === 'paypal' ? <PaypalNotice amount={link.amount} /> : null}
      </MethodsState>
      <PaymentDetailsForm
        key={fieldsKey}
        fields={fields}
        onPay={onPay}
        onCancel={() => void navigate(paths.usage)}
        payDisabled={!flow.canPay || flow.available.length === 0 || notReady}
        pending={pending}
      >
        {fieldsState}
        {failure ? <PaymentError title={failure.title} detail={failure.detail} /> : null}
      </PaymentDetailsForm>
      {children}
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

/** A payment page: its title, and for a valid purchase in the address the amount and the page's form. */
export function PaymentPageFrame({
  title,
  testId,
  form,
}: {
  title: string;
  testId: string;
  form: (link: PaymentLink) => ReactNode;
}) {
  const link = usePaymentLink();
  return (
    <Container size="sm" data-testid={testId}>
      <PageHeader title={title} />
      {link ? (
        <Stack gap="lg">
          <PaymentSummary link={link} />
          {form(link)}
        </Stack>
      ) : null}
    </Container>
  );
}

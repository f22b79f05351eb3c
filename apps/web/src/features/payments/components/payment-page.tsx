import type { PaymentFormField } from '@invoicing/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import type { PaymentLink } from '../../../lib/payment-link';
import { useCreatePaymentMutation } from '../api/create-payment';
import { usePaymentFlow } from '../hooks/use-payment-flow';
import { stepOfCreated } from '../payment-steps';
import { PaymentFlowView, PaymentPageFrame } from './payment-flow';

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
  const { t } = useTranslation('payments');
  const flow = usePaymentFlow(link);
  const create = useCreatePaymentMutation();
  const walletLabel = t('details.walletPhone');
  const wallet = useMemo(() => walletFields(walletLabel), [walletLabel]);
  const isWallet = flow.chosen?.name === 'wallet_eg';

  const pay = async (details: Record<string, string>) => {
    const chosen = flow.requireChosen();
    if (!chosen) return;
    const failed = t('errors.creationFailed');
    await flow.pay(
      () =>
        create.mutateAsync({
          ...flow.purchase(chosen),
          phone: details.phone,
          return_url: `${window.location.origin}${paths.paymentSuccess}`,
          cancel_url: `${window.location.origin}${paths.paymentCancel}`,
        }),
      (answer) => stepOfCreated(answer, chosen.name),
      { refused: failed, failed },
    );
  };

  return (
    <PaymentFlowView
      flow={flow}
      fields={isWallet ? wallet : noFields}
      fieldsKey={isWallet ? 'wallet' : 'none'}
      onPay={pay}
      pending={create.isPending}
    />
  );
}

/** SPEC §2, Payment page: the amount, the methods by region, the chosen one described, Pay Now and Cancel. */
export function PaymentPage() {
  const { t } = useTranslation('pages');
  return (
    <PaymentPageFrame
      title={t('payment')}
      testId="page-payment"
      form={(link) => <PaymentForm link={link} />}
    />
  );
}

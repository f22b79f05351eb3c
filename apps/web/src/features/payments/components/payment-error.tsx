import { Alert } from '@mantine/core';

/** Why a payment did not go on: the page's sentence first, what the server said under it when it says more. */
export function PaymentError({ title, detail }: { title: string; detail?: string | null }) {
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title={detail && detail !== title ? title : undefined}
      data-testid="payment-error"
    >
      {detail && detail !== title ? detail : title}
    </Alert>
  );
}

import { Alert } from '@mantine/core';

/** Why a payment did not go on: the page's sentence first, what the server said under it when it says more. */
export function PaymentError({
  title,
  detail,
  testId = 'payment-error',
}: {
  title: string;
  detail?: string | null;
  testId?: string;
}) {
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title={detail && detail !== title ? title : undefined}
      data-testid={testId}
    >
      {detail && detail !== title ? detail : title}
    </Alert>
  );
}

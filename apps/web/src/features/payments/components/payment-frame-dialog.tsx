import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShownStep } from '../payment-steps';

type FrameStep = Extract<ShownStep, { kind: 'iframe' }>;

/** The gateway's frame says it is done with this message (a text, or an object with it as its type). */
function isCompletion(data: unknown): boolean {
  if (data === 'payment-complete') return true;
  if (typeof data !== 'object' || data === null) return false;
  const record = data as Record<string, unknown>;
  return record.type === 'payment-complete' || record.event === 'payment-complete';
}

interface PaymentFrameDialogProps {
  step: FrameStep | null;
  onClose: () => void;
  /** The frame said the payment is complete: the dialog closes and the result page checks it. */
  onComplete: (paymentId: string | null) => void;
}

/** The gateway's secure payment form in a dialog; only a message from the frame's origin completes it. */
export function PaymentFrameDialog({ step, onClose, onComplete }: PaymentFrameDialogProps) {
  const { t } = useTranslation('payments');
  const phone = useMediaQuery('(max-width: 48em)');
  const complete = useRef(onComplete);
  complete.current = onComplete;

  useEffect(() => {
    if (!step) return undefined;
    const frameOrigin = new URL(step.url, window.location.href).origin;
    const listener = (event: MessageEvent) => {
      // A return page of ours inside the frame speaks from our own origin; nothing else is listened to.
      if (event.origin !== frameOrigin && event.origin !== window.location.origin) return;
      if (isCompletion(event.data)) complete.current(step.paymentId);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [step]);

  return (
    <Modal
      opened={step !== null}
      onClose={onClose}
      title={t('frame.title')}
      size="xl"
      fullScreen={phone}
      data-testid="payment-frame-dialog"
    >
      {step ? (
        <iframe
          src={step.url}
          title={t('frame.frameTitle')}
          allow="payment"
          style={{ inlineSize: '100%', blockSize: phone ? 'calc(100dvh - 90px)' : '70vh', border: 0 }}
          data-testid="payment-frame"
        />
      ) : null}
    </Modal>
  );
}

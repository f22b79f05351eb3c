import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import type { PaymentLink } from '../../../lib/payment-link';
import { readPaymentLink } from '../../../lib/payment-link';
import { showToast } from '../../../lib/toast';

/** The purchase in the address; without one the user is told 'Invalid payment data' and sent to /usage. */
export function usePaymentLink(): PaymentLink | null {
  const { t } = useTranslation('payments');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const link = useMemo(() => readPaymentLink(params), [params]);
  const told = useRef(false);
  useEffect(() => {
    if (link || told.current) return;
    told.current = true;
    showToast(t('invalid'), 'error');
    void navigate(paths.usage, { replace: true });
  }, [link, navigate, t]);
  return link;
}

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';

/** The usage page's figures in the page language: counts, megabytes, dates and prices. */
export function useUsageFormat() {
  const { t, i18n } = useTranslation('usage');
  const language = i18n.language;
  return useMemo(() => {
    const number = (value: number) => formatNumber(value, language, { maximumFractionDigits: 2 });
    return {
      number,
      megabytes: (value: number) => t('megabytes', { value: number(value) }),
      date: (value: string) => formatDate(value, language),
      money: (amount: string, currency: string) => formatMoney(amount, currency, language),
    };
  }, [t, language]);
}

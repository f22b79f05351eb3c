import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';

const MB_PER_GB = 1024;

/** The usage page's figures in the page language: counts, megabytes, plan sizes, dates and prices. */
export function useUsageFormat() {
  const { t, i18n } = useTranslation('usage');
  const language = i18n.language;
  return useMemo(() => {
    const number = (value: number) => formatNumber(value, language, { maximumFractionDigits: 2 });
    return {
      number,
      megabytes: (value: number) => t('megabytes', { value: number(value) }),
      /** A plan's storage the way plans are sold: whole gigabytes as GB, anything else in MB. */
      planStorage: (mb: number) =>
        mb >= MB_PER_GB && mb % MB_PER_GB === 0
          ? t('gigabytes', { value: number(mb / MB_PER_GB) })
          : t('megabytes', { value: number(mb) }),
      date: (value: string) => formatDate(value, language),
      money: (amount: string, currency: string) => formatMoney(amount, currency, language),
    };
  }, [t, language]);
}

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMonth, formatNumber, formatPercent } from '../../../lib/format';

/** The dashboard's figures in the page language: counts, rates with one decimal, megabytes, dates, months. */
export function useDashboardFormat() {
  const { t, i18n } = useTranslation('dashboard');
  const language = i18n.language;
  return useMemo(
    () => ({
      number: (value: number) => formatNumber(value, language),
      percent: (value: number) => formatPercent(value, language),
      megabytes: (value: number) =>
        t('megabytes', { value: formatNumber(value, language, { maximumFractionDigits: 2 }) }),
      date: (value: string) => formatDate(value, language),
      month: (value: string) => formatMonth(value, language),
    }),
    [t, language],
  );
}

import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../lib/format';
import classes from './sample-invoice.module.css';

// Decimal strings, like amounts on the wire; the figures follow the 14% tax rule of the product.
const lines = [
  { key: 'line1', quantity: 4, unitPrice: '1250.00', total: '5000.00' },
  { key: 'line2', quantity: 6, unitPrice: '320.00', total: '1920.00' },
  { key: 'line3', quantity: 10, unitPrice: '185.00', total: '1850.00' },
] as const;
const subtotal = '8770.00';
const tax = '1227.80';
const total = '9997.80';
const issueDate = '2025-03-04T00:00:00Z';
const dueDate = '2025-04-03T00:00:00Z';

/** A drawn example of an invoice that OCR reads well; the fields OCR needs are outlined. */
export function SampleInvoice() {
  const { t, i18n } = useTranslation('landing');
  const language = i18n.language;
  const money = (amount: string) => formatMoney(amount, 'EGP', language);

  return (
    <figure style={{ margin: 0 }} data-testid="sample-invoice">
      <div className={classes.sheet}>
        <div className={classes.header}>
          <div>
            <div className={`${classes.company} ${classes.highlight}`}>{t('sample.company')}</div>
            <div className={classes.label}>{t('sample.companyAddress')}</div>
          </div>
          <div>
            <div className={classes.word}>{t('sample.invoice')}</div>
            <div className={classes.meta}>
              <span className={classes.label}>{t('sample.number')}</span>
              <span className={classes.highlight}>
                <bdi>{t('sample.numberValue')}</bdi>
              </span>
              <span className={classes.label}>{t('sample.date')}</span>
              <span className={classes.highlight}>{formatDate(issueDate, language)}</span>
              <span className={classes.label}>{t('sample.dueDate')}</span>
              <span>{formatDate(dueDate, language)}</span>
            </div>
          </div>
        </div>
        <div className={classes.parties}>
          <div className={classes.label}>{t('sample.billTo')}</div>
          <div className={classes.highlight} style={{ display: 'inline-block' }}>
            <strong>{t('sample.customer')}</strong>
            <div>{t('sample.customerAddress')}</div>
          </div>
        </div>
        <table className={`${classes.table} ${classes.highlight}`}>
          <thead>
            <tr>
              <th scope="col">{t('sample.description')}</th>
              <th scope="col" className={classes.num}>
                {t('sample.quantity')}
              </th>
              <th scope="col" className={classes.num}>
                {t('sample.unitPrice')}
              </th>
              <th scope="col" className={classes.num}>
                {t('sample.total')}
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.key}>
                <td>{t(`sample.${line.key}`)}</td>
                <td className={classes.num}>{line.quantity}</td>
                <td className={classes.num}>{money(line.unitPrice)}</td>
                <td className={classes.num}>{money(line.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className={classes.totals}>
          <span>{t('sample.subtotal')}</span>
          <span className={classes.num}>{money(subtotal)}</span>
          <span>{t('sample.tax')}</span>
          <span className={classes.num}>{money(tax)}</span>
          <span className={classes.grand}>{t('sample.grandTotal')}</span>
          <span className={`${classes.num} ${classes.grand} ${classes.highlight}`}>{money(total)}</span>
        </div>
      </div>
      <Text component="figcaption" size="sm" c="dimmed" mt="sm">
        {t('sample.caption')}
      </Text>
    </figure>
  );
}

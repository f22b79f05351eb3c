import type { DashboardSummary } from '@invoicing/contract';
import { BarChart, ChartTooltip } from '@mantine/charts';
import { Card, ColorSwatch, Group, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { directionOf } from '../../../lib/i18n';
import { useDashboardFormat } from '../hooks/use-dashboard-format';

const series = [
  { name: 'total', color: 'indigo.6' },
  { name: 'successful', color: 'teal.6' },
] as const;

const tickStyle = { fontSize: 12, fill: 'currentColor' };

/**
 * recharts draws in SVG coordinates and does not follow the page direction (Mantine keeps the chart itself
 * `dir="ltr"` so its labels are placed right). In Arabic the months therefore run right to left through a
 * reversed X axis, the bars inside a month are given in reverse so that the first series stands on the
 * right, and the value axis moves to the right; the legend and tooltip are HTML and follow the page.
 */
export function MonthlyOcrChart({ months }: { months: DashboardSummary['monthly_ocr'] }) {
  const { t, i18n } = useTranslation('dashboard');
  const format = useDashboardFormat();
  const direction = directionOf(i18n.language);
  const rtl = direction === 'rtl';
  const data = months.map((entry) => ({
    month: format.month(entry.month),
    total: entry.total,
    successful: entry.successful,
  }));
  const labels = { total: t('chart.total'), successful: t('chart.successful') };
  const labelled = series.map((item) => ({ ...item, label: labels[item.name] }));
  const drawn = rtl ? [...labelled].reverse() : labelled;
  const readingOrder = (name: unknown) => labelled.findIndex((item) => item.name === name);

  return (
    <Card withBorder radius="md" padding="md" data-testid="monthly-ocr">
      <Title order={2} size="h4" id="monthly-ocr-title">
        {t('chart.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('chart.description')}
      </Text>
      <Group gap="md" mb="sm" data-testid="monthly-ocr-legend">
        {series.map((item) => (
          <Group key={item.name} gap={6} wrap="nowrap">
            <ColorSwatch color={`var(--mantine-color-${item.color.replace('.', '-')})`} size={12} />
            <Text size="sm">{labels[item.name]}</Text>
          </Group>
        ))}
      </Group>
      <BarChart
        h={260}
        data={data}
        dataKey="month"
        series={drawn}
        valueFormatter={format.number}
        xAxisProps={{ reversed: rtl }}
        yAxisProps={{
          orientation: rtl ? 'right' : 'left',
          tick: { ...tickStyle, transform: rtl ? 'translate(10, 0)' : 'translate(-10, 0)' },
          allowDecimals: false,
        }}
        tooltipProps={{
          wrapperStyle: { direction },
          // Listed in reading order whatever order the bars are drawn in.
          content: ({ label, payload }) => (
            <ChartTooltip
              label={label}
              payload={[...(payload ?? [])].sort((a, b) => readingOrder(a.name) - readingOrder(b.name))}
              series={labelled}
              valueFormatter={format.number}
            />
          ),
        }}
        // The table below carries the figures for assistive technology; the drawing stays out of its way.
        accessibilityLayer={false}
        aria-hidden
        data-testid="monthly-ocr-chart"
        data-mirrored={rtl}
      />
      {/* The same figures for screen readers, which cannot read the drawing. */}
      <VisuallyHidden>
        <Table aria-labelledby="monthly-ocr-title" data-testid="monthly-ocr-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('chart.month')}</Table.Th>
              <Table.Th>{labels.total}</Table.Th>
              <Table.Th>{labels.successful}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((entry) => (
              <Table.Tr key={entry.month}>
                <Table.Td>{entry.month}</Table.Td>
                <Table.Td>{format.number(entry.total)}</Table.Td>
                <Table.Td>{format.number(entry.successful)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </Card>
  );
}

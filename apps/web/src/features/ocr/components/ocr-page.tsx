import { ocrCredits } from '@invoicing/contract';
import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Grid,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { describeError } from '../../../lib/api-errors';
import { formatNumber } from '../../../lib/format';
import { useUsageSummary } from '../../../lib/queries/usage-summary';
import { useOcrEvents } from '../api/ocr-events';
import { formatMb } from '../hooks/ocr-format';
import { creditsLabel } from '../hooks/ocr-messages';
import { ExtractionResults } from './extraction-results';
import { RecentFiles } from './recent-files';
import { UploadPanel } from './upload-panel';
import { paths } from '../../../lib/paths';

/** SPEC §2, OCR page: upload, run OCR, follow it live and turn the result into an invoice. */
export function OcrPage() {
  const { t } = useTranslation('ocr');
  useOcrEvents();
  return (
    <Container size="lg" data-testid="page-ocr">
      <PageHeader title={t('page.title')} subtitle={t('page.subtitle')} />
      <Group gap="xs" mb="lg">
        <Button component={Link} to={paths.fileManager} variant="light" data-testid="ocr-file-manager-link">
          {t('page.fileManager')}
        </Button>
        <Button component={Link} to={paths.invoices} variant="default" data-testid="ocr-invoices-link">
          {t('page.backToInvoices')}
        </Button>
      </Group>
      <Stack gap="xl">
        <UsageCards />
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <UploadPanel />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <OcrOptions />
          </Grid.Col>
        </Grid>
        <RecentFiles />
        <ExtractionResults />
      </Stack>
    </Container>
  );
}

function UsageCards() {
  const { t, i18n } = useTranslation(['ocr', 'errors']);
  const language = i18n.language;
  const query = useUsageSummary();
  if (query.isError) {
    return (
      <Alert color="orange" variant="light" data-testid="ocr-usage-error">
        {describeError(query.error, t, language, t('ocr:usage.loadFailed'))}
      </Alert>
    );
  }
  const value = (text: string | undefined, testId: string) => (
    <Text fz={28} fw={700} data-testid={testId}>
      {text ?? '—'}
    </Text>
  );
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} data-testid="ocr-usage">
      <Card withBorder radius="md" padding="md">
        <Text size="sm" c="dimmed">
          {t('ocr:usage.credits')}
        </Text>
        {value(
          query.data ? formatNumber(query.data.credits.remaining, language) : undefined,
          'ocr-credits-remaining',
        )}
      </Card>
      <Card withBorder radius="md" padding="md">
        <Text size="sm" c="dimmed">
          {t('ocr:usage.storage')}
        </Text>
        {value(
          query.data ? formatMb(query.data.storage.remaining_mb, t, language) : undefined,
          'ocr-storage-remaining',
        )}
      </Card>
    </SimpleGrid>
  );
}

function OcrOptions() {
  const { t, i18n } = useTranslation('ocr');
  const language = i18n.language;
  const option = (method: 'normal' | 'advanced', color: string) => (
    <Card withBorder radius="sm" padding="sm" data-testid={`ocr-option-${method}`}>
      <Group justify="space-between" gap="xs">
        <Text fw={600}>{t(`options.${method}`)}</Text>
        <Badge color={color} variant="light">
          {creditsLabel(ocrCredits[method], t, language)}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" mt={4}>
        {t(`options.${method}Hint`)}
      </Text>
    </Card>
  );
  return (
    <Card withBorder radius="md" padding="lg" h="100%" data-testid="ocr-options">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('options.title')}
        </Title>
        {option('normal', 'blue')}
        {option('advanced', 'grape')}
      </Stack>
    </Card>
  );
}

import { extractionCorrectionInput } from '@invoicing/contract';
import type { Extraction } from '@invoicing/contract';
import { Accordion, Alert, Button, Card, Container, Grid, Group, List, Stack, Text } from '@mantine/core';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../../components/page-header';
import { ErrorState, LoadingState } from '../../../../components/query-state';
import { describeError } from '../../../../lib/api-errors';
import { ApiError } from '../../../../lib/api-client';
import { useSchemaForm } from '../../../../lib/forms/use-schema-form';
import { showToast } from '../../../../lib/toast';
import { useCorrectExtractionMutation } from '../../api/correct-extraction';
import { useExtraction } from '../../api/get-extraction';
import { useOcrEvents } from '../../api/ocr-events';
import { formatConfidence } from '../../hooks/ocr-format';
import {
  fieldIdForPath,
  formFromFields,
  inputFromForm,
  labelForPath,
  newLine,
  pathForFieldId,
} from '../../hooks/review-form';
import type { LineColumn, ScalarPath } from '../../hooks/review-form';
import { useCreateInvoice } from '../../hooks/use-create-invoice';
import { ExtractionProgress } from '../extraction-progress';
import { FailureDetails } from '../failure-details';
import { ExtractionStatusBadge } from '../status-badge';
import { CorrectionForm } from './correction-form';
import { CorrectionsHistory } from './corrections-history';
import { PageViewer } from './page-viewer';
import { href, paths } from '../../../../lib/paths';

/** /ocr/:id: the page pictures with what OCR read on them, beside the fields to correct. */
export function ReviewPage({ id }: { id: string }) {
  const { t, i18n } = useTranslation('ocr');
  useOcrEvents();
  const query = useExtraction(id);
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    // An address that names no result of this organization (mistyped, or of another organization).
    if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)) {
      return (
        <Container size="lg" data-testid="page-ocr-review">
          <PageHeader title={t('review.title')} />
          <Alert color="gray" variant="light" title={t('review.notFound')} data-testid="review-not-found">
            <Button component={Link} to={paths.ocr} variant="default" size="xs">
              {t('review.back')}
            </Button>
          </Alert>
        </Container>
      );
    }
    return (
      <Container size="lg" data-testid="page-ocr-review">
        <PageHeader title={t('review.title')} />
        <ErrorState
          error={query.error}
          fallback={t('review.loadFailed')}
          onRetry={() => void query.refetch()}
        />
      </Container>
    );
  }
  const extraction = query.data;
  return (
    <Container size="xl" data-testid="page-ocr-review">
      <PageHeader title={t('review.title')} subtitle={extraction.attachment_info.original_name} />
      <Group gap="sm" mb="md">
        <Button component={Link} to={paths.ocr} variant="default" size="xs" data-testid="review-back">
          {t('review.back')}
        </Button>
        <ExtractionStatusBadge status={extraction.status} />
        {extraction.status === 'DONE' && extraction.confidence_score !== null ? (
          <Text size="sm">
            {t('results.confidence')}:{' '}
            <Text span fw={600} data-testid="review-confidence">
              {formatConfidence(extraction.confidence_score, i18n.language)}
            </Text>
          </Text>
        ) : null}
      </Group>
      {extraction.status === 'PROCESSING' ? (
        <Card withBorder radius="md" padding="lg">
          <Stack>
            <Text>{t('review.processing')}</Text>
            <ExtractionProgress progress={extraction.progress} />
          </Stack>
        </Card>
      ) : extraction.status === 'FAILED' ? (
        <Card withBorder radius="md" padding="lg">
          <Stack>
            <Text fw={500}>{t('review.failed')}</Text>
            <FailureDetails run={extraction} />
          </Stack>
        </Card>
      ) : (
        // A saved correction changes the fields: the form starts again from what the server kept.
        <ReviewWorkspace key={`${extraction.id}-${extraction.corrections.length}`} extraction={extraction} />
      )}
    </Container>
  );
}

function ReviewWorkspace({ extraction }: { extraction: Extraction }) {
  const { t, i18n } = useTranslation(['ocr', 'errors']);
  const language = i18n.language;
  const fields = extraction.fields_json;
  const original = useMemo(() => formFromFields(fields), [fields]);
  const [activeFieldId, setActiveFieldId] = useState<string | null>(null);
  const correct = useCorrectExtractionMutation();
  const invoice = useCreateInvoice();
  const reviewForm = useSchemaForm({
    schema: extractionCorrectionInput,
    initialValues: original,
    toInput: inputFromForm,
    onSubmit: async (_checked, values) => {
      await correct.mutateAsync({ id: extraction.id, input: inputFromForm(values) });
      showToast(t('ocr:review.saved'), 'success');
    },
    onError: (error) => showToast(describeError(error, t, language, t('ocr:review.saveFailed')), 'error'),
  });
  const { values: form, updateValues: setForm } = reviewForm;

  const elements = useRef(new Map<string, HTMLElement>());
  const refCallbacks = useRef(new Map<string, (element: HTMLElement | null) => void>());
  const register = useCallback((fieldId: string) => {
    let callback = refCallbacks.current.get(fieldId);
    if (!callback) {
      callback = (element) => {
        if (element) elements.current.set(fieldId, element);
        else elements.current.delete(fieldId);
      };
      refCallbacks.current.set(fieldId, callback);
    }
    return callback;
  }, []);

  const dirty = JSON.stringify(inputFromForm(form)) !== JSON.stringify(inputFromForm(original));

  const focusPath = (path: string) => {
    const fieldId = fieldIdForPath(path, form.lines);
    if (!fieldId) return;
    const element = elements.current.get(fieldId);
    element?.focus();
    element?.scrollIntoView({ block: 'center', inline: 'nearest' });
    setActiveFieldId(fieldId);
  };

  const valueFor = (path: string): string | null => {
    const fieldId = fieldIdForPath(path, form.lines);
    if (!fieldId) return null;
    const line = /^line:(\d+):(\w+)$/.exec(fieldId);
    if (!line) return form.values[fieldId as ScalarPath];
    const found = form.lines.find((l) => l.key === Number(line[1]));
    return found ? found[line[2] as LineColumn] : null;
  };

  async function createInvoice() {
    // What the user corrected is what the invoice is made from.
    if (dirty && !(await reviewForm.submit())) return;
    await invoice.create(extraction.id);
  }

  const actions = (
    <Card withBorder radius="md" padding="md">
      <Group justify="flex-end" gap="xs">
        <Button
          variant="light"
          onClick={() => void reviewForm.submit()}
          disabled={!dirty}
          loading={reviewForm.isSubmitting}
          data-testid="review-save"
        >
          {t('ocr:review.save')}
        </Button>
        {extraction.invoice_id ? (
          <Button
            component={Link}
            to={href(paths.invoice, { id: extraction.invoice_id })}
            data-testid="review-open-invoice"
          >
            {t('ocr:review.openInvoice')}
          </Button>
        ) : (
          <Button
            onClick={() => void createInvoice()}
            loading={invoice.pendingId === extraction.id || (reviewForm.isSubmitting && dirty)}
            data-testid="review-create-invoice"
          >
            {t('ocr:review.createInvoice')}
          </Button>
        )}
      </Group>
    </Card>
  );

  return (
    <Stack gap="lg">
      {extraction.warnings.length > 0 ? (
        <Alert color="yellow" variant="light" title={t('ocr:review.warnings')} data-testid="review-warnings">
          <List size="sm">
            {extraction.warnings.map((warning) => (
              <List.Item key={warning}>{warning}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <div style={{ position: 'sticky', insetBlockStart: 16 }}>
            <PageViewer
              pages={extraction.pages}
              fileName={extraction.attachment_info.original_name}
              boxes={fields?.boxes ?? {}}
              confidence={fields?.confidence ?? {}}
              activePath={activeFieldId ? pathForFieldId(activeFieldId, form.lines) : null}
              onBoxClick={focusPath}
              labelFor={(path) => labelForPath(path, t)}
              valueFor={valueFor}
            />
          </div>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md">
            <CorrectionForm
              form={form}
              confidence={fields?.confidence ?? {}}
              errorFor={reviewForm.errorFor}
              onValue={(path, value) =>
                setForm((current) => ({ ...current, values: { ...current.values, [path]: value } }))
              }
              onLine={(key, column, value) =>
                setForm((current) => ({
                  ...current,
                  lines: current.lines.map((line) =>
                    line.key === key ? { ...line, [column]: value } : line,
                  ),
                }))
              }
              onAddLine={() => setForm((current) => ({ ...current, lines: [...current.lines, newLine()] }))}
              onRemoveLine={(key) =>
                setForm((current) => ({
                  ...current,
                  lines: current.lines.filter((line) => line.key !== key),
                }))
              }
              register={register}
              onFieldFocus={setActiveFieldId}
              activeFieldId={activeFieldId}
              actions={actions}
            />
            <CorrectionsHistory corrections={extraction.corrections} />
            <Accordion variant="contained" data-testid="review-raw-text">
              <Accordion.Item value="raw">
                <Accordion.Control>{t('ocr:review.rawText')}</Accordion.Control>
                <Accordion.Panel>
                  {extraction.raw_text ? (
                    <Text component="pre" size="sm" style={{ whiteSpace: 'pre-wrap', margin: 0 }} dir="auto">
                      {extraction.raw_text}
                    </Text>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('ocr:review.rawTextEmpty')}
                    </Text>
                  )}
                </Accordion.Panel>
              </Accordion.Item>
            </Accordion>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

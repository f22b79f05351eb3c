import type { Extraction } from '@invoicing/contract';
import { Card, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime, isolate } from '../../../../lib/format';
import { labelForPath } from '../../hooks/review-form';

/** Who changed which field, when, from what to what: newest first. */
export function CorrectionsHistory({ corrections }: { corrections: Extraction['corrections'] }) {
  const { t, i18n } = useTranslation('ocr');
  const shown = (value: string | null) =>
    value === null || value === '' ? t('review.emptyValue') : isolate(value);
  return (
    <Card withBorder radius="md" padding="md" data-testid="review-history">
      <Title order={2} size="h5" mb="xs">
        {t('review.history')}
      </Title>
      {corrections.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="review-history-empty">
          {t('review.historyEmpty')}
        </Text>
      ) : (
        <Stack gap="sm">
          {[...corrections].reverse().map((entry, index) => (
            <div key={`${entry.at}-${index}`} data-testid="review-history-entry">
              <Text size="sm" fw={500}>
                {t('review.historyEntry', {
                  name: isolate(entry.by_name),
                  when: formatDateTime(entry.at, i18n.language),
                })}
              </Text>
              <List size="sm" spacing={2}>
                {entry.changes.map((change) => (
                  <List.Item key={change.path}>
                    {t('review.change', {
                      field: labelForPath(change.path, t),
                      from: shown(change.from),
                      to: shown(change.to),
                    })}
                  </List.Item>
                ))}
              </List>
            </div>
          ))}
        </Stack>
      )}
    </Card>
  );
}

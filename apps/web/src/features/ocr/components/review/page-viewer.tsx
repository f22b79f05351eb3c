import type { FieldBox } from '@invoicing/contract';
import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatConfidence } from '../../hooks/ocr-format';
import { confidenceLevel, levelColors } from '../../hooks/review-form';
import type { ConfidenceLevel } from '../../hooks/review-form';

interface PageImage {
  page: number;
  image_url: string;
  width: number;
  height: number;
}

interface PageViewerProps {
  pages: PageImage[];
  fileName: string;
  boxes: Record<string, FieldBox>;
  confidence: Record<string, number>;
  /** The path of the field being edited, whose box stands out. */
  activePath: string | null;
  onBoxClick: (path: string) => void;
  labelFor: (path: string) => string;
  valueFor: (path: string) => string | null;
}

/**
 * The pages as OCR saw them, with a box around every field it read, coloured by confidence. The pages are
 * pictures: they keep their own left-to-right geometry on an Arabic page, only the form beside them mirrors.
 */
export function PageViewer(props: PageViewerProps) {
  const { t } = useTranslation('ocr');
  if (props.pages.length === 0) {
    return (
      <Paper withBorder p="lg" radius="md" data-testid="review-no-pages">
        <Text c="dimmed">{t('review.noPages')}</Text>
      </Paper>
    );
  }
  return (
    <Stack gap="sm" data-testid="review-pages">
      <ConfidenceLegend />
      {props.pages.map((page) => (
        <PageWithBoxes key={page.page} page={page} {...props} />
      ))}
    </Stack>
  );
}

function PageWithBoxes({
  page,
  fileName,
  boxes,
  confidence,
  activePath,
  onBoxClick,
  labelFor,
  valueFor,
}: PageViewerProps & { page: PageImage }) {
  const { t, i18n } = useTranslation('ocr');
  const boxRefs = useRef(new Map<string, HTMLButtonElement>());
  const onPage = Object.entries(boxes).filter(([, box]) => box.page === page.page);

  useEffect(() => {
    if (!activePath) return;
    boxRefs.current.get(activePath)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [activePath]);

  return (
    <Paper withBorder radius="md" p={4} data-testid="review-page">
      {/* Coordinates are fractions of the picture from its left edge, whatever the page's direction. */}
      <Box
        dir="ltr"
        pos="relative"
        style={{ aspectRatio: `${page.width} / ${page.height}`, inlineSize: '100%' }}
      >
        <img
          src={page.image_url}
          alt={t('review.pageAlt', { page: page.page, name: fileName })}
          style={{ display: 'block', inlineSize: '100%', blockSize: '100%' }}
          data-testid="review-page-image"
        />
        {onPage.map(([path, box]) => {
          const score = confidence[path];
          const level = confidenceLevel(score);
          const active = path === activePath;
          const value = valueFor(path);
          return (
            <button
              key={path}
              type="button"
              ref={(element) => {
                if (element) boxRefs.current.set(path, element);
                else boxRefs.current.delete(path);
              }}
              onClick={() => onBoxClick(path)}
              aria-pressed={active}
              aria-label={t('review.boxLabel', {
                field: labelFor(path),
                value: value || t('review.boxEmpty'),
                confidence: score === undefined ? '—' : formatConfidence(score, i18n.language),
              })}
              data-testid="review-box"
              data-field={path}
              data-level={level}
              data-active={active || undefined}
              style={{
                position: 'absolute',
                insetInlineStart: `${box.x * 100}%`,
                insetBlockStart: `${box.y * 100}%`,
                inlineSize: `${box.w * 100}%`,
                blockSize: `${box.h * 100}%`,
                border: `${active ? 3 : 2}px solid ${levelColors[level]}`,
                borderRadius: 2,
                background: active
                  ? `color-mix(in srgb, ${levelColors[level]} 30%, transparent)`
                  : `color-mix(in srgb, ${levelColors[level]} 8%, transparent)`,
                boxShadow: active ? `0 0 0 3px color-mix(in srgb, ${levelColors[level]} 40%, white)` : 'none',
                cursor: 'pointer',
                padding: 0,
              }}
            />
          );
        })}
      </Box>
    </Paper>
  );
}

function ConfidenceLegend() {
  const { t } = useTranslation('ocr');
  const levels: ConfidenceLevel[] = ['high', 'medium', 'low'];
  return (
    <Group gap="md" data-testid="review-legend" aria-label={t('review.legend')} role="group">
      <Text size="sm" fw={500}>
        {t('review.legend')}
      </Text>
      {levels.map((level) => (
        <Group key={level} gap={6} wrap="nowrap">
          <Box
            w={14}
            h={14}
            style={{ border: `2px solid ${levelColors[level]}`, borderRadius: 2 }}
            aria-hidden="true"
          />
          <Text size="sm">{t(`review.${level}`)}</Text>
        </Group>
      ))}
    </Group>
  );
}

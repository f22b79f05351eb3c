import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconBulb, IconCheck, IconDot, IconX } from '../../../components/icons';
import { useSession } from '../../../lib/session';
import { SampleInvoice } from './sample-invoice';
import { paths } from '../../../lib/paths';

function GuidelineCard({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title} data-testid={testId}>
      <Title order={3} fz="lg" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function Bullets({ items, mark, color }: { items: string[]; mark: ReactNode; color: string }) {
  return (
    <List
      spacing="xs"
      size="sm"
      icon={
        <ThemeIcon size={22} radius="xl" variant="light" color={color}>
          {mark}
        </ThemeIcon>
      }
    >
      {items.map((item) => (
        <List.Item key={item}>{item}</List.Item>
      ))}
    </List>
  );
}

export function Landing() {
  const { t } = useTranslation('landing');
  const { isAuthenticated } = useSession();

  return (
    <Container size="lg">
      <Box component="section" py={{ base: 'xl', sm: 48 }} ta="center" data-testid="landing-hero">
        <Title order={1} fz={{ base: 30, sm: 44 }} maw={780} mx="auto" data-testid="page-title">
          {t('hero.title')}
        </Title>
        <Text c="dimmed" fz={{ base: 'md', sm: 'lg' }} maw={680} mx="auto" mt="md">
          {t('hero.subtitle')}
        </Text>
        <Group justify="center" mt="xl">
          {isAuthenticated ? (
            <Button component={Link} to={paths.ocr} size="lg" data-testid="landing-start-uploading">
              {t('hero.startUploading')}
            </Button>
          ) : (
            <>
              <Button component={Link} to={paths.register} size="lg" data-testid="landing-get-started">
                {t('hero.getStarted')}
              </Button>
              <Button
                component={Link}
                to={paths.login}
                size="lg"
                variant="default"
                data-testid="landing-login"
              >
                {t('hero.login')}
              </Button>
            </>
          )}
        </Group>
      </Box>

      <Box component="section" aria-labelledby="guidelines-title" pb="xl" data-testid="landing-guidelines">
        <Title order={2} id="guidelines-title" fz={{ base: 24, sm: 28 }}>
          {t('guidelines.title')}
        </Title>
        <Text c="dimmed" mt={4} mb="lg">
          {t('guidelines.intro')}
        </Text>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Stack gap="lg">
            <GuidelineCard title={t('formats.title')} testId="guidelines-formats">
              <Group gap="xs" mb="sm">
                {['JPG', 'PNG', 'WEBP', 'PDF'].map((format) => (
                  <Badge key={format} variant="light" size="lg">
                    {format}
                  </Badge>
                ))}
              </Group>
              <Bullets
                mark={<IconCheck size={14} />}
                color="teal"
                items={[
                  t('formats.jpg'),
                  t('formats.png'),
                  t('formats.webp'),
                  t('formats.pdf'),
                  t('formats.maxSize'),
                ]}
              />
            </GuidelineCard>
            <GuidelineCard title={t('unsupported.title')} testId="guidelines-unsupported">
              <Bullets
                mark={<IconX size={14} />}
                color="red"
                items={[
                  t('unsupported.handwritten'),
                  t('unsupported.blurry'),
                  t('unsupported.cropped'),
                  t('unsupported.protected'),
                  t('unsupported.other'),
                ]}
              />
            </GuidelineCard>
            <GuidelineCard title={t('required.title')} testId="guidelines-required">
              <Text size="sm" mb="xs">
                {t('required.intro')}
              </Text>
              <Bullets
                mark={<IconDot size={14} />}
                color="indigo"
                items={[
                  t('required.number'),
                  t('required.date'),
                  t('required.total'),
                  t('required.company'),
                  t('required.customer'),
                  t('required.lines'),
                ]}
              />
            </GuidelineCard>
          </Stack>
          <Stack gap="lg">
            <GuidelineCard title={t('sample.title')} testId="guidelines-sample">
              <SampleInvoice />
            </GuidelineCard>
            <GuidelineCard title={t('tips.title')} testId="guidelines-tips">
              <Bullets
                mark={<IconBulb size={14} />}
                color="yellow"
                items={[
                  t('tips.flat'),
                  t('tips.light'),
                  t('tips.whole'),
                  t('tips.resolution'),
                  t('tips.onePerFile'),
                  t('tips.advanced'),
                ]}
              />
            </GuidelineCard>
          </Stack>
        </SimpleGrid>
      </Box>
    </Container>
  );
}

import { Button, Card, Container, EmptyState, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconLock, IconTool } from '../../../components/icons';
import { NoticePage } from '../../../components/notice-page';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/session';
import { paths } from '../../../lib/paths';

const tabs = ['users', 'organizations', 'memberships', 'plans', 'paymentMethods'] as const;

function AccessDenied() {
  const { t } = useTranslation('admin');
  return (
    <NoticePage
      testId="admin-access-denied"
      title={t('accessDenied.title')}
      description={t('accessDenied.description')}
      icon={<IconLock size={28} />}
      actions={
        <>
          <Button component={Link} to={paths.adminLogin} data-testid="access-denied-admin-login">
            {t('accessDenied.adminLogin')}
          </Button>
          <Button component={Link} to={paths.login} variant="default" data-testid="access-denied-login">
            {t('accessDenied.login')}
          </Button>
        </>
      }
    />
  );
}

/** The admin panel's frame; each tab's management screen arrives with the admin issue. */
export function AdminPanel() {
  const { t } = useTranslation('admin');
  const { isSuperuser } = useSession();
  if (!isSuperuser) return <AccessDenied />;

  return (
    <Container size="lg" data-testid="admin-panel">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Tabs defaultValue="users" keepMounted={false}>
        <Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab} value={tab} data-testid={`admin-tab-${tab}`}>
              {t(`tabs.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Panel key={tab} value={tab} pt="lg" data-testid={`admin-panel-${tab}`}>
            <Card withBorder radius="md" padding="xl">
              <EmptyState
                title={t('comingSoon.title')}
                description={t('comingSoon.description', { section: t(`tabs.${tab}`) })}
                icon={<IconTool size={28} />}
                withIndicatorBackground
              />
            </Card>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Container>
  );
}

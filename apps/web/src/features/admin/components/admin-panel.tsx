import { Container, Tabs } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/session';
import { useUrlParams } from '../../../lib/use-url-params';
import { AccessDenied } from './access-denied';
import { AuditLogTab } from './audit-log-tab';
import { MembershipsTab } from './memberships-tab';
import { OrganizationsTab } from './organizations-tab';
import { PaymentMethodsTab } from './payment-methods-tab';
import { PlansTab } from './plans-tab';
import { UsersTab } from './users-tab';

const tabs = ['users', 'organizations', 'memberships', 'plans', 'paymentMethods', 'auditLog'] as const;
type Tab = (typeof tabs)[number];

/** The parameters of every tab's list: a new tab starts from its first page, unfiltered. */
const listParams = { q: null, page: null, actor: null, action: null, target: null, from: null, to: null };

/**
 * SPEC §2 and §6: the superusers' panel. A signed-in user who is not a superuser, or whose lists the
 * server refuses, sees Access Denied. The open tab is kept in the address (`?tab=`).
 */
export function AdminPanel() {
  const { t } = useTranslation('admin');
  const { isSuperuser } = useSession();
  const [params, update] = useUrlParams();
  const [denied, setDenied] = useState(false);
  const onDenied = useCallback(() => setDenied(true), []);
  const chosen = params.get('tab');
  const tab: Tab = tabs.includes(chosen as Tab) ? (chosen as Tab) : 'users';

  if (!isSuperuser || denied) return <AccessDenied />;

  const panel = (value: Tab) => {
    switch (value) {
      case 'users':
        return <UsersTab onDenied={onDenied} />;
      case 'organizations':
        return <OrganizationsTab onDenied={onDenied} />;
      case 'memberships':
        return <MembershipsTab onDenied={onDenied} />;
      case 'plans':
        return <PlansTab onDenied={onDenied} />;
      case 'paymentMethods':
        return <PaymentMethodsTab onDenied={onDenied} />;
      case 'auditLog':
        return <AuditLogTab onDenied={onDenied} />;
    }
  };

  return (
    <Container size="xl" data-testid="admin-panel">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Tabs
        value={tab}
        onChange={(value) =>
          value && value !== tab && update({ ...listParams, tab: value === 'users' ? null : value })
        }
        keepMounted={false}
      >
        <Tabs.List>
          {tabs.map((value) => (
            <Tabs.Tab key={value} value={value} data-testid={`admin-tab-${value}`}>
              {t(`tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((value) => (
          <Tabs.Panel key={value} value={value} pt="lg" data-testid={`admin-panel-${value}`}>
            {value === tab ? panel(value) : null}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Container>
  );
}

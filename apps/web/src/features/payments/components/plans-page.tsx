import type { BillingCycle, PublicPlan } from '@invoicing/contract';
import { Alert, Button, Container, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { BillingCycleToggle, PlanCards, planPrice } from '../../../components/plans/plan-cards';
import { usePlanName } from '../../../components/plans/plan-name';
import { LoadingState } from '../../../components/query-state';
import { describeError } from '../../../lib/api-errors';
import { leaveForGateway } from '../../../lib/gateway-navigation';
import { paths } from '../../../lib/paths';
import { paymentHref } from '../../../lib/payment-link';
import { useCurrentOrganization } from '../../../lib/queries/current-organization';
import { setUpgradePayment } from '../../../lib/storage';
import { usePaymentMethods } from '../api/list-payment-methods';
import { usePlans } from '../api/list-plans';
import { useUpgradeWithPaypalMutation } from '../api/upgrade-with-paypal';
import { PaymentError } from './payment-error';

/** SPEC §2, Plans page: the plans for either billing cycle; a higher one is paid on the payment page or with PayPal. */
export function PlansPage() {
  const { t, i18n } = useTranslation(['pages', 'payments']);
  const navigate = useNavigate();
  const planName = usePlanName();
  const plans = usePlans();
  const organization = useCurrentOrganization();
  const methods = usePaymentMethods();
  const paypal = useUpgradeWithPaypalMutation();
  const [cycle, setCycle] = useState<BillingCycle>('monthly');
  const [error, setError] = useState<{ title: string; detail?: string } | null>(null);

  // Until the role is known the server decides; a member who is not the owner is told why nothing can be bought.
  const canBuy = organization.data === undefined || organization.data.role === 'OWNER';
  const currentName = organization.data?.subscription?.plan_name.trim().toLowerCase() ?? null;
  const currentPlanId =
    plans.data?.plans.find((plan) => plan.name.trim().toLowerCase() === currentName)?.id ?? null;
  const paypalOffered =
    methods.data?.methods.some(
      (method) => method.name === 'paypal' && method.is_active && method.payment_types.includes('plan'),
    ) ?? false;

  const payWithPaypal = async (plan: PublicPlan) => {
    setError(null);
    const failed = t('payments:plans.upgradeFailed');
    try {
      const answer = await paypal.mutateAsync({ planId: plan.id, billingCycle: cycle });
      if (!answer.payment_url) {
        setError({ title: t('payments:plans.urlMissing') });
        return;
      }
      // SPEC §4: the upgrade's payment and cycle are kept before the browser leaves for PayPal.
      setUpgradePayment({ paymentId: answer.payment_id, billingCycle: cycle });
      leaveForGateway(answer.payment_url);
    } catch (caught) {
      setError({ title: failed, detail: describeError(caught, t, i18n.language, failed) });
    }
  };

  let content;
  if (plans.data === undefined) {
    content = plans.isError ? (
      <LoadError
        error={plans.error}
        onRetry={() => void plans.refetch()}
        retrying={plans.isFetching}
        failedTitle={t('payments:plans.loadFailed')}
        invalidTitle={t('payments:plans.loadFailed')}
        invalidColor="red"
        testIdPrefix="plans-load"
        invalidTestId="plans-load-error"
      />
    ) : (
      <LoadingState testId="plans-loading" />
    );
  } else {
    content = (
      <PlanCards
        plans={plans.data.plans}
        currentPlanId={currentPlanId}
        cycle={cycle}
        canBuy={canBuy}
        onUpgrade={(plan, chosen) =>
          void navigate(
            paymentHref({
              type: 'plan',
              amount: planPrice(plan, chosen),
              plan_id: plan.id,
              billing_cycle: chosen,
            }),
          )
        }
        extraActions={
          paypalOffered
            ? (plan) => (
                <Button
                  fullWidth
                  variant="outline"
                  loading={paypal.isPending && paypal.variables.planId === plan.id}
                  disabled={paypal.isPending && paypal.variables.planId !== plan.id}
                  onClick={() => void payWithPaypal(plan)}
                  aria-label={t('payments:plans.paypalLabel', { plan: planName(plan.name) })}
                  data-testid="plan-card-paypal"
                >
                  {t('payments:plans.paypal')}
                </Button>
              )
            : undefined
        }
        testIdPrefix="plan"
      />
    );
  }

  return (
    <Container size="lg" data-testid="page-plans">
      <PageHeader title={t('pages:plans')} subtitle={t('payments:plans.subtitle')} />
      <Stack gap="lg">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Button component={Link} to={paths.dashboard} variant="subtle" px={0} data-testid="plans-back">
            {t('payments:plans.back')}
          </Button>
          <BillingCycleToggle cycle={cycle} onChange={setCycle} testId="plans-cycle" />
        </Group>
        {canBuy ? null : (
          <Alert color="gray" variant="light" data-testid="plans-owner-only">
            {t('payments:plans.ownerOnly')}
          </Alert>
        )}
        {error ? (
          <PaymentError title={error.title} detail={error.detail} testId="plans-upgrade-error" />
        ) : null}
        {content}
      </Stack>
    </Container>
  );
}

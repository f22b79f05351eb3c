import type { SystemAccess } from '../../platform/db/system-access';
import { paymentsSystemRepository } from './billing.repository';
import type { IncomingNotification, StatusReport } from './gateways/gateway';
import type { GatewayRegistry } from './gateways/registry';
import { fulfilPayment, type FulfilmentOutcome, type WarningLog } from './payment-fulfilment.service';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The payment a gateway's report is about, and its organization: by our id, else by the gateway's reference. */
const findPaymentOf = async (system: SystemAccess, gateway: string, report: StatusReport) => {
  const payments = paymentsSystemRepository(system.db);
  if (report.paymentId && uuidPattern.test(report.paymentId)) {
    return payments.findOwner({ paymentId: report.paymentId });
  }
  if (report.gatewayRef) return payments.findOwner({ gateway, gatewayRef: report.gatewayRef });
  return null;
};

/** Acts on a report the gateway vouched for, in its payment's organization. */
const actOn = async (
  system: SystemAccess,
  gateway: string,
  report: StatusReport,
  log?: WarningLog,
): Promise<FulfilmentOutcome> => {
  const payment = await findPaymentOf(system, gateway, report);
  if (!payment) return 'not_found';
  return fulfilPayment(system.scopeFor(payment.organizationId), payment.id, report, gateway, log);
};

/**
 * A gateway's notification (webhook), as it reached us: the gateway named in its address checks the
 * signature over the exact bytes, and only a genuine one is acted on (fulfilled once, or ended). Answers
 * `unknown_gateway` for a gateway not configured, `forged` for a notification whose signature does not
 * hold (nothing changes), else what came of it.
 */
export const receiveNotification = async (
  system: SystemAccess,
  gateways: GatewayRegistry,
  gatewayName: string,
  notification: IncomingNotification,
  log?: WarningLog,
): Promise<FulfilmentOutcome | 'unknown_gateway' | 'forged'> => {
  const gateway = gateways.byName(gatewayName);
  if (!gateway) return 'unknown_gateway';
  const report = await gateway.verifyNotification(notification);
  if (!report) return 'forged';
  return actOn(system, gateway.name, report, log);
};

/**
 * The return page of the Egyptian card gateway asks us to check a transaction (capture-paymob): the
 * gateway is asked for it by its id, never the browser believed, and a paid one is fulfilled once.
 */
export const captureCardTransaction = async (
  system: SystemAccess,
  gateways: GatewayRegistry,
  transactionId: string,
  log?: WarningLog,
): Promise<{ success: boolean; error: string | null }> => {
  const gateway = gateways.byName('paymob') ?? gateways.gatewayFor('card_eg');
  if (!gateway?.lookupTransaction) return { success: false, error: 'Payment was not successful' };
  let report: StatusReport;
  try {
    report = await gateway.lookupTransaction(transactionId);
  } catch {
    return { success: false, error: 'Payment was not successful' };
  }
  const outcome = await actOn(system, gateway.name, report, log);
  const paid = report.status === 'paid' && (outcome === 'fulfilled' || outcome === 'already_fulfilled');
  return paid ? { success: true, error: null } : { success: false, error: 'Payment was not successful' };
};

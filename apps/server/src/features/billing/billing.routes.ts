import type { FastifyInstance, FastifyRequest } from 'fastify';
import { billingRoutes, type PaymentNextStep } from '@invoicing/contract';
import { AppError } from '../../platform/errors/app-error';
import { bindRoute } from '../../platform/http/bind-route';
import type { FeatureContext, FeatureRoutes } from '../../platform/http/feature-context';
import type { OrgScope } from '../../platform/db/org-scope';
import { billingService, findPublicPlans, type PaymentInput } from './billing.service';
import type { IncomingNotification, NextStep } from './gateways/gateway';
import { createGatewayRegistry, type GatewayRegistry } from './gateways/registry';
import type { SandboxGateway, SandboxOutcome } from './gateways/sandbox/sandbox.gateway';
import {
  checkoutPage,
  framePage,
  kioskPage,
  notFoundPage,
  sandboxScript,
  sandboxStyles,
} from './gateways/sandbox/sandbox-pages';
import { captureCardTransaction, receiveNotification } from './payment-notifications.service';

/** Largest notification body a gateway sends us (their JSON events are a few kilobytes). */
const NOTIFICATION_BODY_LIMIT = 256 * 1024;

const toWireNext = (next: NextStep): PaymentNextStep =>
  next.kind === 'reference'
    ? { kind: 'reference', reference: next.reference, expires_at: next.expiresAt?.toISOString() ?? null }
    : next;

const urlOf = (next: NextStep) => (next.kind === 'redirect' || next.kind === 'iframe' ? next.url : null);

const headersOf = (request: FastifyRequest): Record<string, string | undefined> =>
  Object.fromEntries(
    Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]),
  );

export const registerBillingRoutes: FeatureRoutes = (app, ctx) => {
  const gateways = createGatewayRegistry(ctx.config, ctx.system.db);
  const baseUrlOf = (request: FastifyRequest) =>
    ctx.config.PUBLIC_URL?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;
  const service = (scope: OrgScope, request: FastifyRequest) =>
    billingService(scope, { gateways, rates: ctx.config.EXCHANGE_RATES, baseUrl: baseUrlOf(request) });
  const guard = ctx.accessCheck;

  bindRoute(app, guard, billingRoutes.plans, async () => ({ plans: await findPublicPlans(ctx.system.db) }));

  bindRoute(app, guard, billingRoutes.paymentMethods, async ({ scope, request }) => ({
    methods: await service(scope, request).paymentMethods(),
  }));

  bindRoute(app, guard, billingRoutes.formFields, async ({ scope, request, params }) => ({
    form_fields: await service(scope, request).formFields(params.method),
  }));

  bindRoute(app, guard, billingRoutes.createPayment, async ({ scope, request, body }) => {
    const started = await service(scope, request).start({
      method: body.payment_method,
      type: body.payment_type,
      amount: body.amount,
      description: body.description,
      credits: body.credits,
      storageMb: body.storage_mb,
      planId: body.plan_id ?? null,
      billingCycle: body.billing_cycle,
      details: body.phone ? { phone: body.phone } : {},
      requireDetails: false,
      returnUrl: body.return_url,
      cancelUrl: body.cancel_url,
    });
    if (!started.ok) {
      return {
        success: false,
        payment_id: started.payment.id,
        gateway_url: null,
        next: null,
        error: started.error,
      };
    }
    return {
      success: true,
      payment_id: started.payment.id,
      gateway_url: urlOf(started.next),
      next: toWireNext(started.next),
      error: null,
    };
  });

  bindRoute(app, guard, billingRoutes.processDirect, async ({ scope, request, body }) => {
    const input: PaymentInput = {
      method: body.payment_method,
      type: body.payment_type,
      amount: body.amount,
      description: body.description,
      credits: body.credits,
      storageMb: body.storage_mb,
      planId: body.plan_id ?? null,
      billingCycle: body.billing_cycle,
      details: body.payment_details,
      requireDetails: true,
    };
    const started = await service(scope, request).start(input);
    const charged = { amount: started.payment.charged_amount, currency: started.payment.charged_currency };
    if (!started.ok) {
      return {
        success: false,
        payment_id: started.payment.id,
        requires_redirect: false,
        approval_url: null,
        requires_iframe: false,
        iframe_url: null,
        transaction_id: null,
        reference: null,
        message: null,
        ...charged,
        error: started.error,
      };
    }
    const next = started.next;
    return {
      success: true,
      payment_id: started.payment.id,
      requires_redirect: next.kind === 'redirect',
      approval_url: next.kind === 'redirect' ? next.url : null,
      requires_iframe: next.kind === 'iframe',
      iframe_url: next.kind === 'iframe' ? next.url : null,
      transaction_id: next.kind === 'done' ? started.gatewayRef : null,
      reference: next.kind === 'reference' ? next.reference : null,
      message: {
        done: 'Payment completed.',
        reference: `Pay ${charged.amount} ${charged.currency} at an outlet with this reference code.`,
        redirect: 'Continue to the payment page to complete the payment.',
        iframe: 'Complete the payment in the secure card form.',
      }[next.kind],
      ...charged,
      error: null,
    };
  });

  bindRoute(app, guard, billingRoutes.upgradeWithPaypal, async ({ scope, request, body }) => {
    const started = await service(scope, request).start({
      method: body.payment_method,
      type: 'plan',
      description: '',
      credits: 0,
      storageMb: 0,
      planId: body.plan_id,
      billingCycle: body.billing_cycle,
      details: {},
      requireDetails: false,
    });
    const url = started.ok ? urlOf(started.next) : null;
    if (!url) throw new AppError('PAYMENT_GATEWAY_ERROR', 'Payment URL not available. Please try again.');
    return { payment_url: url, payment_id: started.payment.id };
  });

  bindRoute(app, guard, billingRoutes.capturePaymob, async ({ body, request }) =>
    captureCardTransaction(ctx.system, gateways, body.transaction_id, request.log),
  );

  bindRoute(app, guard, billingRoutes.payment, async ({ scope, request, params }) =>
    service(scope, request).payment(params.id),
  );

  bindRoute(app, guard, billingRoutes.verifyPayment, async ({ scope, request, params }) =>
    service(scope, request).verify(params.id),
  );

  bindRoute(app, guard, billingRoutes.removeExtraPurchase, async ({ scope, request, params }) => {
    await service(scope, request).removeExtraPurchase(params.id);
  });

  bindRoute(app, guard, billingRoutes.enhancedUsage, async ({ scope, request }) =>
    service(scope, request).enhancedUsage(),
  );

  // Gateways' notifications and the sandbox's pages read their bodies as bytes: signatures are computed
  // over the exact body, and the sandbox's buttons post empty forms.
  void app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: NOTIFICATION_BODY_LIMIT },
      (_r, body, done) => done(null, body),
    );
    registerNotificationRoute(raw, ctx, gateways);
    if (gateways.sandbox) registerSandboxPages(raw, gateways.sandbox, app);
  });
};

/** `/api/v1/billing/webhooks/:gateway/`: each gateway's notifications, checked by that gateway's adapter. */
const registerNotificationRoute = (app: FastifyInstance, ctx: FeatureContext, gateways: GatewayRegistry) => {
  app.route<{ Params: { gateway: string }; Querystring: Record<string, string> }>({
    method: ['GET', 'POST'],
    url: '/api/v1/billing/webhooks/:gateway/',
    bodyLimit: NOTIFICATION_BODY_LIMIT,
    // For gateways, not clients: left out of the published API description.
    schema: { hide: true },
    handler: async (request, reply) => {
      const notification: IncomingNotification = {
        method: request.method === 'GET' ? 'GET' : 'POST',
        headers: headersOf(request),
        query: request.query,
        rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
      };
      const outcome = await receiveNotification(
        ctx.system,
        gateways,
        request.params.gateway,
        notification,
        request.log,
      );
      if (outcome === 'unknown_gateway') {
        return reply.status(404).send({ detail: 'Not found.', code: 'NOT_FOUND' });
      }
      if (outcome === 'forged') {
        request.log.warn({ gateway: request.params.gateway }, 'payment notification refused: signature');
        return reply
          .status(401)
          .send({ detail: 'The notification signature is not valid.', code: 'UNAUTHENTICATED' });
      }
      if (outcome === 'refused') {
        request.log.warn({ gateway: request.params.gateway }, 'payment notification refused: does not match');
      }
      return reply.status(200).send({ received: true });
    },
  });
};

/** The sandbox gateway's pages (hosted checkout, card frame, kiosk reference) and their buttons. */
const registerSandboxPages = (app: FastifyInstance, sandbox: SandboxGateway, root: FastifyInstance) => {
  const base = '/api/v1/billing/sandbox';
  const pages = { checkout: checkoutPage, frame: framePage, kiosk: kioskPage } as const;
  type Kind = keyof typeof pages;
  const isKind = (k: string): k is Kind => k in pages;
  const outcomes: Record<string, SandboxOutcome> = { pay: 'paid', decline: 'failed', cancel: 'cancelled' };

  const hidden = { schema: { hide: true } };
  app.get(`${base}/sandbox.js`, hidden, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(sandboxScript),
  );
  app.get(`${base}/sandbox.css`, hidden, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(sandboxStyles),
  );

  app.get<{ Params: { kind: string; id: string } }>(`${base}/:kind/:id`, hidden, async (request, reply) => {
    const { kind, id } = request.params;
    const charge = isKind(kind) ? await sandbox.findCharge(id) : null;
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!charge || !isKind(kind)) return reply.status(404).send(notFoundPage());
    return reply.send(pages[kind](charge, `${base}/${kind}/${id}`));
  });

  app.post<{ Params: { kind: string; id: string; action: string } }>(
    `${base}/:kind/:id/:action`,
    hidden,
    async (request, reply) => {
      const { kind, id, action } = request.params;
      const outcome = outcomes[action];
      if (!isKind(kind) || !outcome) {
        return reply.status(404).type('text/html; charset=utf-8').send(notFoundPage());
      }
      const settled = await sandbox.settle(id, outcome);
      if (settled) {
        // The gateway's notification, delivered to our webhook as any gateway's would be.
        const delivered = await root.inject({
          method: 'POST',
          url: new URL(settled.charge.notifyUrl).pathname,
          headers: settled.notification.headers,
          payload: settled.notification.rawBody,
        });
        if (delivered.statusCode !== 200) {
          request.log.warn({ status: delivered.statusCode }, 'sandbox notification not accepted');
        }
      }
      const charge = settled?.charge ?? (await sandbox.findCharge(id));
      if (!charge) return reply.status(404).type('text/html; charset=utf-8').send(notFoundPage());
      if (kind === 'checkout' && charge.status !== 'pending') {
        const target = new URL(charge.status === 'paid' ? charge.returnUrl : charge.cancelUrl);
        target.searchParams.set('payment_id', charge.paymentId);
        return reply.redirect(target.toString(), 303);
      }
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(pages[kind](charge, `${base}/${kind}/${id}`));
    },
  );
};

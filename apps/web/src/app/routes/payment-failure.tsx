export { PaymentFailurePage } from '../../features/payments/components/payment-failure-page';

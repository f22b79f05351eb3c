export { PaymentPage } from '../../features/payments/components/payment-page';

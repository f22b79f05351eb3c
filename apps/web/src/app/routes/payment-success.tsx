export { PaymentSuccessPage } from '../../features/payments/components/payment-success-page';

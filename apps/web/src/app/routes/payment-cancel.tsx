export { PaymentCancelPage } from '../../features/payments/components/payment-cancel-page';

export { PaymentEnhancedPage } from '../../features/payments/components/payment-enhanced-page';

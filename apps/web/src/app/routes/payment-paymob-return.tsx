export { PaymobReturnPage } from '../../features/payments/components/paymob-return-page';

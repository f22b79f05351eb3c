export { PlansPage } from '../../features/payments/components/plans-page';

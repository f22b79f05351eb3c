import { Landing } from '../../features/landing/components/landing';

export function LandingPage() {
  return <Landing />;
}

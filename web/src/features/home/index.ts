export { LandingPage } from './landing-page';
export { DashboardPage } from './dashboard-page';

import './information.css';
export { WelcomePage, WelcomeEmailPage } from './onboarding-pages';
export { CompanyValuesPage } from './company-values-page';
export { ComputerSpecsPage } from './computer-specs-page';
export { MonitorSpecsPage } from './monitor-specs-page';
export { SecurityPolicyPage } from './security-policy-page';
export { SoftwarePage } from './software-page';

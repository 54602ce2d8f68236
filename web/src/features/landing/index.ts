// The signed-out (and signed-in) landing page at '/': a feature of its own, apart from the home
// dashboard, so the first screen a visitor opens loads none of the dashboard's code.
export { LandingPage } from './landing-page';

export { ComingSoonPage } from './coming-soon-page';

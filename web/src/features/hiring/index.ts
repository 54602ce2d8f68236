export { HiringPage } from './hiring-page';

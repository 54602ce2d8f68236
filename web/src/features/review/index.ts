export { ReviewPage } from './review-page';

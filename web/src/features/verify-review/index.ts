export { VerifyReviewPage } from './verify-review-page';

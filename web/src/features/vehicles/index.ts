export { VehiclesReviewPage } from './vehicles-review-page';
export { VehicleEditPage } from './vehicle-edit-page';

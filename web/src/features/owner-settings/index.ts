export { OwnerSettingsPage } from './owner-settings-page';

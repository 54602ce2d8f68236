export { DocumentationPage } from './documentation-page';

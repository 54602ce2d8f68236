import { dropSeededTemplates, prepareTemplateDatabase, startTestRun } from './services';

export default async function globalSetup(): Promise<void> {
  startTestRun();
  await prepareTemplateDatabase();
  await dropSeededTemplates();
}

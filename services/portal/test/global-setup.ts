import { prepareTemplateDatabase } from './services';

export default async function globalSetup(): Promise<void> {
  await prepareTemplateDatabase();
}

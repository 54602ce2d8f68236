import { dropSeededTemplates } from './services';

export default async function globalTeardown(): Promise<void> {
  await dropSeededTemplates();
}

import type { FirmContent } from './firm-content.schema';
import content from './firm-content.json';

export type { FirmContent } from './firm-content.schema';

/**
 * The firm's content (firm-content.json). The build refuses a file that breaks its schema
 * (vite.config.ts, firm-content.schema.ts), so the app takes it as checked.
 */
export const firmContent: FirmContent = content as FirmContent;

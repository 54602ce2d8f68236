import { z } from 'zod';

/**
 * zod compiles object parsers with `new Function` unless told not to, which the portal's
 * Content-Security-Policy refuses in the browser (no eval). It decides when each schema is built,
 * so this runs first: kernel/fields.ts, which every request schema imports, imports it before
 * anything else. The server parses the same way; for request-sized input the difference is noise.
 */
z.config({ jitless: true });

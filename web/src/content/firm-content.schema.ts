import { z } from 'zod';

/**
 * The shape of web/src/content/firm-content.json: what a firm changes without touching code (links,
 * tool lists, laptop and monitor options, survey links, onboarding numbers). Checked when the web app
 * is built (vite.config.ts) and by a unit test, never in the browser (zod stays out of the first
 * download); the app reads the checked file through ./index.ts.
 */

const text = z.string().trim().min(1, 'must not be empty');
/** A whole amount or one with cents, as text: money never floats. */
const amount = z.string().regex(/^\d+(\.\d{2})?$/, 'must be an amount such as 175 or 189.99');
const currency = z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter currency code such as USD');
const webAddress = z.url({ protocol: /^https$/, error: 'must be an https:// address' });
const sitePath = z.string().regex(/^\/[\w\-/]*$/, "must be a path starting with '/'");
const dayOfMonth = z.number().int().min(1).max(28, 'must be a day that every month has (1 to 28)');

const siteLink = z.object({ label: text, path: sitePath }).strict();
const externalLink = z.object({ label: text, href: webAddress }).strict();
const money = z.object({ amount, currency }).strict();

export const firmContentSchema = z
  .object({
    /** The landing page's links to the company website (paths on the brand's site). */
    topNavigation: z.object({ projects: z.array(siteLink).min(1), pages: z.array(siteLink).min(1) }).strict(),
    skillSurveys: z.array(externalLink).min(1),
    onboarding: z
      .object({
        invoiceDueDay: dayOfMonth,
        invoicePaidDay: dayOfMonth,
        bioWithinDays: z.number().int().positive(),
        officeDevices: z.number().int().positive(),
        giftThresholds: z.array(money).min(1),
        supportEmail: z.email(),
      })
      .strict(),
    companyValues: z.array(z.object({ name: text, description: text }).strict()).min(1),
    laptops: z
      .object({
        costRange: z
          .object({ min: amount, max: amount, currency })
          .strict()
          .refine((range) => Number(range.min) <= Number(range.max), {
            message: 'min must not be more than max',
            path: ['min'],
          }),
        options: z
          .array(
            z
              .object({ model: text, os: text, processor: text, memory: text, storage: text, display: text })
              .strict(),
          )
          .min(1),
      })
      .strict(),
    monitors: z
      .array(
        z
          .object({
            model: text,
            sizeInches: z.number().positive(),
            resolution: text,
            price: amount,
            currency,
          })
          .strict(),
      )
      .min(1),
    securityPolicy: z.object({ product: text, steps: z.array(text).min(1) }).strict(),
    software: z.array(z.object({ name: text, category: text, href: webAddress }).strict()).min(1),
  })
  .strict();

export type FirmContent = z.infer<typeof firmContentSchema>;

/** Every problem of a content file, one line each: the field's path and the rule it breaks. */
export function firmContentProblems(data: unknown): string[] {
  const result = firmContentSchema.safeParse(data);
  if (result.success) return [];
  return result.error.issues.map((issue) => `${issue.path.join('.') || '(the file)'}: ${issue.message}`);
}

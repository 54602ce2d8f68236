import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * `Cache-Control: no-store` on every answer under /api unless its handler sets its own caching
 * (the API document: `no-cache`; the Swagger page's assets: `public, max-age=3600`): the API
 * answers carry personal data (`/api/me`, timesheets, staff records, receipts), which no browser
 * or proxy cache may keep. Set before the handler runs, so the handler's own header replaces it;
 * the web app's files (serve-web.ts) and the operator routes are not under /api and keep theirs.
 */
export const noStoreApiAnswers: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
  if (req.path === '/api' || req.path.startsWith('/api/')) res.setHeader('Cache-Control', 'no-store');
  next();
};

import { createReadStream } from 'node:fs';
import { dirname, join } from 'node:path';
import { Controller, Get, Header, Param, StreamableFile } from '@nestjs/common';
import { API_ROUTE_GROUPS, buildOpenApiDocument, type OpenApiDocument } from '@portal/contracts';
import { DomainError } from '../../kernel/domain-error';
import { Public } from '../auth/decorators';

/** The reference page's own script: Swagger UI reading this portal's document, nothing else. */
const INIT_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    // Each tag starts closed: with every operation open, Swagger UI 5 stopped drawing after the
    // third tag once the document held 130 operations (no error shown).
    docExpansion: 'none',
    validatorUrl: null,
    tryItOutEnabled: false,
  });
});
`;

/**
 * The page has no inline script or style: under the portal's CSP (security-headers.ts: scripts and
 * styles from its own origin only) it loads Swagger UI's files from /api/docs/ and its start-up
 * script as a file too.
 */
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Portal API</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;

/** Where swagger-ui-dist is installed (a dependency of the portal). */
const UI_DIR = dirname(require.resolve('swagger-ui-dist/package.json'));

/** The files of swagger-ui-dist the page uses, by name, with their content types (nothing else is served). */
const UI_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

/**
 * The API's description (issue 12): the OpenAPI 3.1 document generated from @portal/contracts at
 * /api/openapi.json (the same document as docs/openapi.json, which a test keeps equal), and a
 * page to read it at /api/docs (Swagger UI, served from the portal itself: no CDN). Public: the
 * document holds no data, and the routes it lists refuse callers who are not signed in.
 */
@Controller()
@Public()
export class ApiDocsController {
  private document: OpenApiDocument | null = null;

  @Get('openapi.json')
  @Header('Cache-Control', 'no-cache')
  openApi(): OpenApiDocument {
    this.document ??= buildOpenApiDocument(API_ROUTE_GROUPS);
    return this.document;
  }

  @Get('docs')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-cache')
  page(): string {
    return PAGE;
  }

  @Get('docs/:file')
  @Header('Cache-Control', 'public, max-age=3600')
  asset(@Param('file') name: string): StreamableFile {
    if (name === 'init.js') return new StreamableFile(Buffer.from(INIT_SCRIPT), { type: 'text/javascript' });
    const type = Object.hasOwn(UI_FILES, name) ? UI_FILES[name] : undefined;
    if (!type) throw DomainError.notFound('No such file.');
    return new StreamableFile(createReadStream(join(UI_DIR, name)), { type });
  }
}

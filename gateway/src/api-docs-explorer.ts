import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Where the merged document is served; the explorer page loads it from there. */
export const OPENAPI_JSON_PATH = '/api/docs/openapi.json';
const EXPLORER_ELEMENT_ID = 'api-reference';

/**
 * Starts Swagger UI on the page. A file of its own (the CSP allows no inline script); it runs after
 * swagger-ui-bundle.js because both are deferred. Requests from "Try it out" are same-origin fetches,
 * so the browser sends the session cookies and an Origin the gateway accepts. `queryConfigEnabled`
 * stays off (its default): a link must not be able to point the page at another document.
 */
const explorerScript = `'use strict';
SwaggerUIBundle({
  url: ${JSON.stringify(OPENAPI_JSON_PATH)},
  dom_id: ${JSON.stringify(`#${EXPLORER_ELEMENT_ID}`)},
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
  deepLinking: true,
  queryConfigEnabled: false,
  validatorUrl: null,
  withCredentials: true,
  displayRequestDuration: true,
  filter: true,
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
  defaultModelExpandDepth: 3,
});
`;

/**
 * The page frame around Swagger UI (its own stylesheet styles everything inside it). Its "Authorize"
 * dialog is hidden: the session is an httpOnly cookie that only signing in sets, which a page cannot.
 * So is the responses' empty "Links" column (the API declares none), which narrow screens need.
 */
const explorerStyles = `html { box-sizing: border-box; overflow-y: scroll; }
*, *::before, *::after { box-sizing: inherit; }
body { margin: 0; background: #fafafa; }
.swagger-ui .auth-wrapper, .swagger-ui .authorization__btn, .swagger-ui .response-col_links { display: none; }
.swagger-ui .wrapper { padding: 0 16px; }
.swagger-ui .opblock .opblock-summary { flex-wrap: wrap; }
.swagger-ui .opblock .opblock-summary-path { word-break: break-all; }
`;

export interface ExplorerAsset {
  /** The public path; versioned (package version or content hash), so it can be cached for good. */
  url: string;
  contentType: string;
  /** A file of the swagger-ui-dist package, or text of our own. */
  source: { file: string } | { text: string };
}

/** The files of swagger-ui-dist the page uses; nothing else of the package (its demo pages) is served. */
const SWAGGER_UI_FILES: ReadonlyArray<[file: string, contentType: string]> = [
  ['swagger-ui-bundle.js', 'text/javascript; charset=utf-8'],
  ['swagger-ui-bundle.js.map', 'application/json; charset=utf-8'],
  ['swagger-ui.css', 'text/css; charset=utf-8'],
  ['swagger-ui.css.map', 'application/json; charset=utf-8'],
  ['favicon-32x32.png', 'image/png'],
];

function ownAsset(name: string, extension: string, contentType: string, text: string): ExplorerAsset {
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 12);
  return { url: `/api/docs/${name}.${hash}.${extension}`, contentType, source: { text } };
}

const escapeAttribute = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

export interface Explorer {
  /** The HTML page; every script and stylesheet it names is one of `assets`. */
  page: string;
  assets: readonly ExplorerAsset[];
  swaggerUiVersion: string;
}

/**
 * Swagger UI from its npm package (resolved at run time: the production image carries the package
 * beside the bundled gateway), plus our start script and styles, all served by the gateway itself.
 */
export function createExplorer(): Explorer {
  const packageJson = require.resolve('swagger-ui-dist/package.json');
  const packageDir = path.dirname(packageJson);
  const { version } = JSON.parse(fs.readFileSync(packageJson, 'utf8')) as { version: string };
  const swaggerUi = new Map(
    SWAGGER_UI_FILES.map(([file, contentType]): [string, ExplorerAsset] => [
      file,
      {
        url: `/api/docs/swagger-ui/${version}/${file}`,
        contentType,
        source: { file: path.join(packageDir, file) },
      },
    ]),
  );
  const script = ownAsset('explorer', 'js', 'text/javascript; charset=utf-8', explorerScript);
  const styles = ownAsset('explorer', 'css', 'text/css; charset=utf-8', explorerStyles);
  const url = (file: string) => escapeAttribute(swaggerUi.get(file)?.url ?? '');

  const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Campus Connect API reference</title>
<link rel="icon" type="image/png" href="${url('favicon-32x32.png')}">
<link rel="stylesheet" href="${url('swagger-ui.css')}">
<link rel="stylesheet" href="${escapeAttribute(styles.url)}">
<script defer src="${url('swagger-ui-bundle.js')}"></script>
<script defer src="${escapeAttribute(script.url)}"></script>
</head>
<body>
<main id="${EXPLORER_ELEMENT_ID}">
<noscript><p>The interactive reference needs JavaScript. The document itself:
<a href="${OPENAPI_JSON_PATH}">openapi.json</a> (OpenAPI 3.1).</p></noscript>
</main>
</body>
</html>
`;
  return { page, assets: [...swaggerUi.values(), script, styles], swaggerUiVersion: version };
}

/**
 * /docs: Swagger UI (swagger-ui-dist, served from the package by src/console/pages.ts) over
 * the API's own document, authorized with the shared public test key so "Try it out" answers
 * from the test fixture. No validator badge (it would call swagger.io), nothing persisted.
 */

interface SwaggerUi {
  preauthorizeApiKey(name: string, value: string): void;
}
declare const SwaggerUIBundle: ((options: Record<string, unknown>) => SwaggerUi) & { presets: { apis: unknown } };

async function start(): Promise<void> {
  const config = (await (await fetch('/console/config.json')).json()) as { publicTestKey: string };
  const ui: SwaggerUi = SwaggerUIBundle({
    url: '/docs/openapi.json',
    dom_id: '#swagger',
    presets: [SwaggerUIBundle.presets.apis],
    deepLinking: true,
    validatorUrl: null,
    tryItOutEnabled: true,
    displayRequestDuration: true,
    persistAuthorization: false,
    // Tags start folded and the schema list is left out: the document is large, and a deep link (#/Tag/operationId) still opens its operation.
    docExpansion: 'none',
    defaultModelsExpandDepth: -1,
    onComplete: () => ui.preauthorizeApiKey('bearerKey', config.publicTestKey),
  });
}

void start();

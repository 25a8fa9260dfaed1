// Starts Swagger UI on /api/v1/docs from the files this server ships (no CDN, no inline script).
"use strict";

(() => {
  const root = document.getElementById("swagger-ui");
  window.ui = SwaggerUIBundle({
    url: root.dataset.openapiUrl,
    domNode: root,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
    deepLinking: true,
    showExtensions: true,
    showCommonExtensions: true,
    // The badge would ask validator.swagger.io to check the document: nothing leaves the server.
    validatorUrl: null,
  });
})();

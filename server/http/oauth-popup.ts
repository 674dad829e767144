import type { OAuthPopupMessage } from '../../contracts/oauth.ts'

/** JSON that is safe inside an inline <script>: no way to close the tag or start a comment. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
}

/**
 * The small page Discord returns the popup to. It posts the outcome to the window that opened it,
 * addressed to the site's own origin only (never '*'), then closes. Opened any other way (no
 * opener), it says what happened and links back to the site.
 */
export function renderOauthPopup(params: {
  message: OAuthPopupMessage
  targetOrigin: string
  nonce: string
  siteName: string
}): string {
  const { message, targetOrigin, nonce, siteName } = params
  const text =
    message.type === 'OAUTH_TOKEN_SUCCESS'
      ? 'Signed in with Discord. This window closes by itself.'
      : message.error.message
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<title>Discord sign-in | ${escapeHtml(siteName)}</title>
<style>body{font-family:system-ui,sans-serif;background:#070a17;color:#e8eaf6;display:grid;place-items:center;min-height:100vh;margin:0;padding:1rem;text-align:center}a{color:#8b80ff}</style>
</head>
<body>
<main>
<p id="status">${escapeHtml(text)}</p>
<p id="fallback" hidden>You can close this window and <a href="/login">return to the site</a>.</p>
</main>
<script nonce="${escapeHtml(nonce)}">
(function () {
  var message = ${scriptJson(message)};
  var origin = ${scriptJson(targetOrigin)};
  if (window.opener && !window.opener.closed) {
    window.opener.postMessage(message, origin);
    window.close();
  } else {
    document.getElementById('fallback').hidden = false;
  }
})();
</script>
</body>
</html>`
}

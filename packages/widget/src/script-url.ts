// `document.currentScript` is only set while the classic script runs its top level, so it is read here, once,
// when the bundle evaluates. Host pages that inject the script another way fall back to the page's own URL.
const current = document.currentScript;

export const scriptUrl: string =
  current instanceof HTMLScriptElement && current.src !== '' ? current.src : document.baseURI;

export const scriptOrigin: string = new URL(scriptUrl).origin;

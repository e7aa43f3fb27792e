import { html } from './html.ts';
import { layout } from './layout.ts';
import { messagesOf, type PageLocale } from './messages.ts';

/** The one page of every key or location that is not there: the same text whatever the reason, so none leaks. */
export function notFoundPage(locale: PageLocale): string {
  const messages = messagesOf(locale);
  return layout({
    locale,
    title: messages.notFoundTitle,
    head: html`<meta name="robots" content="noindex">`,
    body: html`<main>
<h1>${messages.notFoundTitle}</h1>
<p>${messages.notFoundText}</p>
</main>`,
  });
}

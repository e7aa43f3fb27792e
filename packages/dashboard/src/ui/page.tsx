import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

// Every screen is a Page: its title names the browser tab, and after a move within the dashboard the focus goes to
// its heading, so a screen reader reads where the person arrived and the keyboard starts from the top of it.

let moved = false;

/** Told by the router: the next page opened is a move within the dashboard, not the first load. */
export function noteRouteChange(): void {
  moved = true;
}

export function Page({ title, children }: { title: string; children?: ComponentChildren }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · Locator`;
  }, [title]);
  useEffect(() => {
    if (moved) heading.current?.focus();
  }, []);
  return (
    <div class="page">
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </div>
  );
}

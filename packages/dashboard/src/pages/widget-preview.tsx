import { useEffect, useRef } from 'preact/hooks';
import { mapTiles } from '../api/map.ts';
import { type Design, elementOf } from './widget-design.ts';

/** The widget's script, served by this server: loaded once, when a preview first shows. */
let widgetScript: Promise<void> | undefined;
function loadWidget(): Promise<void> {
  widgetScript ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = '/widget/v1/locator.js';
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('The widget did not load.'));
    document.head.append(script);
  });
  return widgetScript;
}

/**
 * The real `<locator-finder>` of the project, with the design being chosen set on it as attributes and custom
 * properties: each change shows at once, before anything is saved.
 */
export function WidgetPreview({ publicKey, design }: { publicKey: string; design: Design }) {
  const host = useRef<HTMLDivElement>(null);
  const finder = useRef<HTMLElement | null>(null);

  useEffect(() => {
    void loadWidget().catch(() => undefined);
    const element = document.createElement('locator-finder');
    element.setAttribute('api', globalThis.location.origin);
    element.setAttribute('key', publicKey);
    // The map the hosted pages draw: the widget reads its tiles when it first draws the map, after the search.
    void mapTiles()
      .then((tiles) => {
        element.setAttribute('tiles', tiles.tile_url);
        element.setAttribute('attribution', tiles.attribution);
      })
      .catch(() => undefined);
    host.current?.replaceChildren(element);
    finder.current = element;
    return () => element.remove();
  }, [publicKey]);

  useEffect(() => {
    const element = finder.current;
    if (!element) return;
    const { attributes, properties } = elementOf(design);
    for (const [name, value] of Object.entries(attributes)) {
      if (value === null) element.removeAttribute(name);
      else if (element.getAttribute(name) !== value) element.setAttribute(name, value);
    }
    for (const [name, value] of Object.entries(properties)) {
      if (value === null) element.style.removeProperty(name);
      else element.style.setProperty(name, value);
    }
  });

  return <div class="preview" ref={host} />;
}

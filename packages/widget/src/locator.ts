// The widget's script: defines <locator-finder>, <locator-map> and <locator-page-view>. A page that loads it twice
// keeps the first.
import { LocatorFinderElement } from './finder-element.ts';
import { LocatorMapElement } from './map-element.ts';
import { LocatorPageViewElement } from './page-view-element.ts';
import './script-url.ts';

if (!customElements.get('locator-finder')) customElements.define('locator-finder', LocatorFinderElement);
if (!customElements.get('locator-map')) customElements.define('locator-map', LocatorMapElement);
if (!customElements.get('locator-page-view')) customElements.define('locator-page-view', LocatorPageViewElement);

// <locator-page-view>: counts the view of a location's own page, and the visitor's clicks on its links marked
// `data-locator-action` (directions, call, website, a call to action). Locator's hosted location pages carry it; it
// shows nothing.
import { actionOfClick, sendBeacon, type VisitorAction } from './beacon.ts';
import { scriptOrigin } from './script-url.ts';

export class LocatorPageViewElement extends HTMLElement {
  private counted = false;

  private readonly onClick = (event: Event): void => {
    const action = actionOfClick(event);
    if (action) this.send(action);
  };

  connectedCallback(): void {
    this.hidden = true;
    document.addEventListener('click', this.onClick);
    // Once per page, however often the element is moved.
    if (!this.counted) this.send('page_view');
    this.counted = true;
  }

  disconnectedCallback(): void {
    document.removeEventListener('click', this.onClick);
  }

  private send(action: VisitorAction): void {
    const key = this.getAttribute('key');
    const location = this.getAttribute('location');
    if (!key || !location || this.getAttribute('analytics') === 'off') return;
    sendBeacon(this.getAttribute('api') || scriptOrigin, key, action, location);
  }
}

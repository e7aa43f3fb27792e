// The <locator-finder> element: placeholder until the widget lands.

import { parseHoursText as readHoursText } from '@locator/client/hours';
import { remembered } from './remembered.ts';

/**
 * One day's opening hours as people write them (`8am-6pm`, `9-12, 13-17`, `Closed`, `24 hours`), in the API's form,
 * or why they cannot be read: the client's reading (`@locator/client/hours`, which the dashboard's hours editor uses
 * too), each text worked out once (a store list repeats a few).
 * @example parseHoursText('8:00 AM – 6:00 PM') // { value: "08:00-18:00" }
 */
export const parseHoursText: (text: string) => Readonly<{ value: string } | { error: string }> =
  remembered(readHoursText);

// The store finder's analytics: searches and visitors' actions counted per day, with nothing that identifies a
// visitor, and the owner's reports of them.
export { type Analytics, createAnalytics } from './analytics.service.ts';
export { registerPublicEvents } from './routes/public/events.post.ts';
export { registerV2AnalyticsGet } from './routes/v2/analytics.get.ts';
export { registerV2AnalyticsUnservedGet } from './routes/v2/analytics-unserved.get.ts';

// The dashboard: the single-page app of packages/dashboard, built by Vite, served at /dashboard.
export { DashboardFiles, defaultDashboardDir } from './dashboard-files.ts';
export { registerDashboard } from './routes/dashboard.get.ts';
